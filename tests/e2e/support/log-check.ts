/**
 * Playwright's global teardown: the server's log of the whole e2e run holds no e-mail address
 * (decision 030). scripts/e2e-server.sh writes everything the server printed to
 * `E2E_SERVER_LOG` (.test-results/e2e-server.log); this reads it once every spec has run and
 * fails the run (a global error in the report, counted by scripts/test-all.sh) when it finds the
 * demo customers' e-mails, an e-mail or an e-mail domain the specs use, or any e-mail at all.
 * It cannot pass on an empty or foreign log: the log must hold the run's JSON request lines.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The demo logins (README), which the specs sign in with. */
const DEMO_EMAILS = ["client.qc@demo.cuvee.test", "client.on@demo.cuvee.test", "agence@demo.cuvee.test"];

const E2E_DIR = path.resolve(import.meta.dirname, "..");

/** The e-mails written out in the specs, and the domains of those they build (`x-${n}@example.com`). */
function specEmails(): { emails: string[]; domains: string[] } {
  const emails = new Set<string>(DEMO_EMAILS);
  const domains = new Set<string>();
  const files = readdirSync(E2E_DIR, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
  for (const file of files) {
    const source = readFileSync(path.join(E2E_DIR, file), "utf8");
    for (const match of source.matchAll(/[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi)) emails.add(match[0].toLowerCase());
    for (const match of source.matchAll(/@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi)) domains.add(match[1]!.toLowerCase());
  }
  return { emails: [...emails], domains: [...domains] };
}

/** Any e-mail address, plain or percent-encoded. */
const ANY_EMAIL = /[\w.+-]+(?:@|%40)[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;

export default function checkServerLog(): void {
  const file = process.env.E2E_SERVER_LOG;
  if (!file) throw new Error("E2E_SERVER_LOG is not set: playwright.config.ts gives it to scripts/e2e-server.sh");
  const log = readFileSync(file, "utf8").toLowerCase();
  const requestLines = log.split("\n").filter((line) => line.startsWith("{") && line.includes('"msg":"request"'));
  if (requestLines.length < 10) {
    throw new Error(`${file} holds ${requestLines.length} request line(s): the server's log was not captured`);
  }
  const { emails, domains } = specEmails();
  const found = new Set<string>();
  for (const email of emails) {
    if (log.includes(email) || log.includes(email.replace("@", "%40"))) found.add(email);
  }
  for (const domain of domains) {
    if (log.includes(`@${domain}`) || log.includes(`%40${domain}`)) found.add(`…@${domain}`);
  }
  for (const match of log.matchAll(ANY_EMAIL)) found.add(match[0]);
  if (found.size > 0) {
    throw new Error(`the server's log of the e2e run (${file}) holds e-mail addresses: ${[...found].slice(0, 10).join(", ")}`);
  }
  console.log(
    `Server log checked: ${requestLines.length} request lines, no e-mail among ${emails.length} known addresses and ${domains.length} domains.`,
  );
}
