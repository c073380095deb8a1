/** Plain-text tables and numbers for `npm run bench`'s report. */

/** A table: first row the header; the first and last columns left-aligned, the others right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  const last = widths.length - 1;
  const line = (r: string[]) =>
    r
      .map((cell = "", i) => (i === 0 || i === last ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join(" | ")
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("-|-"), ...rows.slice(1).map(line)].join("\n");
}

/** Milliseconds with one decimal. */
export function ms(value: number): string {
  return value.toFixed(1);
}

/** 1000 → "1k", 100000 → "100k", 2500 → "2.5k", 500 → "500". */
export function sizeLabel(products: number): string {
  return products >= 1000 ? `${Number((products / 1000).toFixed(1))}k` : String(products);
}

/** A ratio: "0.42×", "0.012×", "167×". */
export function times(value: number): string {
  return `${value >= 10 ? value.toFixed(0) : value >= 0.1 ? value.toFixed(2) : value.toFixed(3)}×`;
}
