/**
 * `ILIKE` patterns from text a person typed: `%`, `_` and `\` match themselves.
 */

/** A pattern matching any value that contains `text` (escaped), e.g. `%50\%%` for "50%". */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
