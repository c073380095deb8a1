/**
 * The dry-run report of a catalogue import, as it is stored in
 * `catalogue_imports.report` and shown on `/agence/import?id=…`. Shared with the browser: plain
 * types and constants. In db/ because the schema's column carries its type (a stored shape is
 * part of the schema; docs/decisions/034-folder-layering.md).
 */
/** A reason a line is refused: an i18n key under `catalogueImport.reasons` and its parameters. */
export interface Refusal {
  key: string;
  params?: Record<string, string | number>;
}

/** What a line would do: create a product inventory (and maybe its product), change it, nothing, or be refused. */
export const LINE_OUTCOMES = ["created", "changed", "unchanged", "refused"] as const;
export type LineOutcome = (typeof LINE_OUTCOMES)[number];

/** A field a line changes, old → new (money in cents, null for empty). */
export interface FieldChange {
  /** An i18n key's last part under `catalogueImport.fields` (`priceCents`, `nameFr`, …). */
  field: string;
  from: string | number | boolean | null;
  to: string | number | boolean | null;
}

/** One line of the report (unchanged lines are only counted). */
export interface ReportLine {
  line: number;
  productPuid: string;
  inventoryPuid: string;
  outcome: LineOutcome;
  /** created: whether the product is new too. */
  newProduct?: boolean;
  changes?: FieldChange[];
  reasons?: Refusal[];
}

/** The dry-run report. */
export interface ImportReport {
  /** Lines of data read (the header not counted). */
  lines: number;
  counts: Record<LineOutcome, number>;
  /** Products the import would create. */
  newProducts: number;
  /** Problems of the whole file (no header, unknown column, unreadable CSV…); any of them refuses it. */
  fileErrors: Refusal[];
  /** The first {@link REPORT_LINES_SHOWN} created, changed and refused lines, refused first. */
  shown: ReportLine[];
  /** Listed lines left out of `shown`. */
  notShown: number;
  /** A digest of every line's outcome, to tell whether a new dry run still says the same. */
  fingerprint: string;
}

/** Lines of the report kept and shown: a 100,000-line file would not fit a page. */
export const REPORT_LINES_SHOWN = 500;

/** Fields holding cents (shown as money). */
export const MONEY_FIELDS: ReadonlySet<string> = new Set(["priceCents", "agencyFeeCents"]);
