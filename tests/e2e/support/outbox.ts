/** The e-mails the e2e server wrote (.eml files in E2E_OUTBOX), read back as text. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { E2E_OUTBOX } from "../../../playwright.config";

/** Decodes quoted-printable soft breaks and =XX bytes, enough to search a message's text. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Every message of the outbox whose raw or decoded text contains `needle`. */
export function mailsContaining(needle: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(E2E_OUTBOX).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return files.map((f) => decodeQuotedPrintable(readFileSync(path.join(E2E_OUTBOX, f), "utf8"))).filter((text) => text.includes(needle));
}
