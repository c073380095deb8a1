/**
 * What a stale edit (409) shows: the fields whose current value differs from the staff's own
 * input, both as text. Pure; shared with the browser.
 */
import type { ConflictView } from "~/catalogue-editing/ui/edit-fields";

/** A stored or typed value as the conflict panel prints it (nothing: ""). */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  return typeof value === "number" ? String(value) : "";
}

/**
 * The conflict view of a stale edit.
 * @param current the values saved now; `yours` the values the staff sent, same fields.
 * @param version the current version, which the form carries from now on.
 */
export function conflictView<T extends object>(
  current: T,
  yours: T,
  fields: readonly (keyof T & string)[],
  version: number,
  lastChange: ConflictView["lastChange"],
): ConflictView {
  const differences = fields
    .filter((field) => asText(current[field]) !== asText(yours[field]))
    .map((field) => ({ field, current: asText(current[field]), yours: asText(yours[field]) }));
  return { version, lastChange, differences };
}
