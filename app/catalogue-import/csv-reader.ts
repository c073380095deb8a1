/**
 * Reads a catalogue import file (decision 020) with csv-parse: UTF-8 with or without
 * a byte-order mark, comma- or semicolon-separated (the header line decides: a semicolon and no
 * comma in it means semicolons, as French spreadsheets export), quoted cells, cells trimmed, empty
 * lines skipped. Pure (no database); the header is checked against the format's columns.
 */
import { CsvError, parse } from "csv-parse/sync";
import type { Refusal } from "~/db/import-report";
import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS } from "./import-format";

/** One line of data: its 1-based line number in the file and its cells by column name. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/** The file read: its rows, or why the whole file is refused; lines with a wrong number of cells. */
export interface CsvFile {
  fileErrors: Refusal[];
  rows: CsvRow[];
  /** Lines whose number of cells differs from the header's (refused, reported per line). */
  badLines: { line: number; reason: Refusal }[];
}

const KNOWN: ReadonlySet<string> = new Set<string>([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]);

/**
 * Reads the text of an uploaded file.
 * @returns the rows by column name, or file errors (i18n keys under `catalogueImport.reasons`):
 *   `notUtf8` (replacement characters: the file was not UTF-8), `unreadable` (csv-parse failed,
 *   with its line), `noHeader`, `missingColumn`, `unknownColumn`, `duplicateColumn`, `noLines`.
 */
export function readCatalogueCsv(text: string): CsvFile {
  const failed = (reason: Refusal): CsvFile => ({ fileErrors: [reason], rows: [], badLines: [] });
  if (text.includes("\uFFFD")) return failed({ key: "notUtf8" });
  const firstLine = text.slice(0, Math.max(0, text.indexOf("\n")) || text.length);
  const delimiter = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      delimiter,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError)
      return failed({ key: "unreadable", params: { line: Number((error as unknown as { lines?: number }).lines ?? 0) } });
    throw error;
  }
  const [head, ...body] = records;
  if (!head) return failed({ key: "noHeader" });
  const header = head.record.map((name) => name.toLowerCase());
  const fileErrors: Refusal[] = [];
  const seen = new Set<string>();
  for (const name of header) {
    if (!KNOWN.has(name)) fileErrors.push({ key: "unknownColumn", params: { column: name } });
    else if (seen.has(name)) fileErrors.push({ key: "duplicateColumn", params: { column: name } });
    seen.add(name);
  }
  for (const name of REQUIRED_COLUMNS) if (!seen.has(name)) fileErrors.push({ key: "missingColumn", params: { column: name } });
  if (fileErrors.length === 0 && body.length === 0) fileErrors.push({ key: "noLines" });
  if (fileErrors.length > 0) return { fileErrors, rows: [], badLines: [] };

  const rows: CsvRow[] = [];
  const badLines: CsvFile["badLines"] = [];
  for (const { record, info } of body) {
    if (record.length !== header.length) {
      badLines.push({ line: info.lines, reason: { key: "columnCount", params: { expected: header.length, found: record.length } } });
      continue;
    }
    const cells: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) cells[header[i]!] = record[i]!;
    rows.push({ line: info.lines, cells });
  }
  return { fileErrors: [], rows, badLines };
}
