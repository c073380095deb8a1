import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMailer, type OutgoingMail, sanitizeTag } from "./mailer.server";

const FROM = '"Cuvée" <commandes@cuvee.example>';
const SUBJECT = "Confirmation de votre commande — n° C-000123, Montréal";
const TEXT =
  "Bonjour Zoé,\n\nMerci pour votre commande n° C-000123 : 2 caisses de Côtes-du-Rhône, " +
  "à récupérer à la succursale Montréal — Atwater.\nÀ bientôt, l'équipe Cuvée « vins d'importation privée ».";

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    to: '"Zoé Tremblay" <zoe@example.com>',
    cc: ["agence@cuvee.example"],
    subject: SUBJECT,
    text: TEXT,
    html: "<p>Bonjour Zoé, commande n° <b>C-000123</b> reçue.</p>",
    tag: "order-C-000123-customer",
    ...overrides,
  };
}

// --- A deliberately small MIME reader, independent of nodemailer, so the test checks the bytes. ---

/** Decodes RFC 2047 encoded-words (Q and B, UTF-8), joining adjacent words before decoding. */
function decodeHeader(value: string): string {
  const tokens = value.split(/(=\?[^?\s]+\?[QqBb]\?[^?\s]*\?=)/);
  let out = "";
  let pending: Buffer[] = [];
  const flush = () => {
    out += Buffer.concat(pending).toString("utf8");
    pending = [];
  };
  tokens.forEach((token, i) => {
    const word = /^=\?([^?]+)\?([QqBb])\?([^?]*)\?=$/.exec(token);
    if (word) {
      expect(word[1]!.toLowerCase()).toBe("utf-8");
      pending.push(
        word[2]!.toUpperCase() === "B"
          ? Buffer.from(word[3]!, "base64")
          : Buffer.from(
              word[3]!.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
              "latin1",
            ),
      );
    } else if (/^\s*$/.test(token) && i > 0 && i < tokens.length - 1) {
      // whitespace between two encoded words is not part of the text (RFC 2047 §6.2)
    } else {
      flush();
      out += token;
    }
  });
  flush();
  return out;
}

interface Part {
  headers: Map<string, string>;
  /** The body as bytes, one char per byte (latin1). */
  body: string;
}

function parsePart(raw: string): Part {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const bytes =
    encoding === "base64"
      ? Buffer.from(part.body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? Buffer.from(
            part.body.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          )
        : Buffer.from(part.body, "latin1");
  const charset = /charset="?([^";\s]+)/i.exec(part.headers.get("content-type") ?? "")?.[1] ?? "us-ascii";
  expect(charset.toLowerCase()).toBe("utf-8");
  return bytes.toString("utf8").replace(/\r\n/g, "\n");
}

/** Finds the first leaf part of the given type (e.g. "text/plain") in a message. */
function findPart(part: Part, type: string): Part | undefined {
  const contentType = part.headers.get("content-type") ?? "text/plain";
  if (contentType.toLowerCase().startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) throw new Error("multipart without boundary");
    const pieces = part.body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*\\r?\\n?`));
    for (const piece of pieces.slice(1, -1)) {
      const found = findPart(parsePart(piece), type);
      if (found) return found;
    }
    return undefined;
  }
  return contentType.toLowerCase().startsWith(type) ? part : undefined;
}

/** Reads a raw message (bytes) into its decoded subject, recipients and text / HTML bodies. */
function readMessage(raw: Buffer) {
  // the line break ending the message is not part of a single-part body
  const message = parsePart(raw.toString("latin1").replace(/\r?\n$/, ""));
  const text = findPart(message, "text/plain");
  const html = findPart(message, "text/html");
  return {
    headers: message.headers,
    subject: decodeHeader(message.headers.get("subject") ?? ""),
    to: decodeHeader(message.headers.get("to") ?? ""),
    cc: decodeHeader(message.headers.get("cc") ?? ""),
    from: decodeHeader(message.headers.get("from") ?? ""),
    text: text ? decodeBody(text) : undefined,
    html: html ? decodeBody(html) : undefined,
  };
}

// --- tests ---

const temps: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cuvee-mailer-"));
  temps.push(dir);
  return dir;
}

afterEach(() => {
  vi.useRealTimers();
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the test's MIME reader", () => {
  it("decodes Q and B encoded-words split across a multibyte character", () => {
    // "é" = C3 A9, split over two words: only a reader that joins the bytes gets it right.
    expect(decodeHeader("=?UTF-8?Q?Montr=C3?= =?UTF-8?Q?=A9al_?= =?UTF-8?B?4oCU?= x")).toBe("Montréal — x");
  });
});

describe("createMailer without an SMTP URL (outbox)", () => {
  it("writes one UTF-8 .eml whose subject and bodies decode back to the French text", async () => {
    const outbox = path.join(tempDir(), "data", "outbox"); // does not exist yet
    const mailer = createMailer({ outboxDir: outbox, from: FROM });

    const result = await mailer.send(mail());

    expect(result.file).toBeDefined();
    const file = result.file!;
    expect(path.dirname(file)).toBe(path.resolve(outbox));
    expect(path.basename(file)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-order-C-000123-customer\.eml$/);
    expect(fs.readdirSync(outbox)).toEqual([path.basename(file)]); // no temp file left behind

    const raw = fs.readFileSync(file);
    expect(raw.includes("\r\n")).toBe(false); // newline: "unix"
    const read = readMessage(raw);
    expect(read.subject).toBe(SUBJECT);
    expect(read.text).toBe(TEXT);
    expect(read.html).toContain("Bonjour Zoé, commande n° <b>C-000123</b> reçue.");
    expect(read.from).toContain("Cuvée");
    expect(read.from).toContain("<commandes@cuvee.example>");
    expect(read.to).toContain("Zoé Tremblay");
    expect(read.to).toContain("<zoe@example.com>");
    expect(read.cc).toBe("agence@cuvee.example");
    expect(result.messageId).toMatch(/^<.+@.+>$/);
    expect(read.headers.get("message-id")).toBe(result.messageId);
  });

  it("sends a text-only mail as a single text/plain part", async () => {
    const outbox = tempDir();
    const mailer = createMailer({ outboxDir: outbox, from: FROM });
    const { file } = await mailer.send(mail({ html: undefined, cc: undefined }));
    const read = readMessage(fs.readFileSync(file!));
    expect(read.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(read.text).toBe(TEXT);
    expect(read.headers.has("cc")).toBe(false);
  });

  it("keeps only [A-Za-z0-9._-] of the tag and never overwrites a file of the same name", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-20T14:03:07.512Z"));
    const outbox = tempDir();
    const mailer = createMailer({ outboxDir: outbox, from: FROM });

    const first = await mailer.send(mail({ tag: "../order C-000123/é\\client" }));
    const second = await mailer.send(mail({ tag: "..order C-000123é/client", subject: "Deuxième" }));

    expect(path.basename(first.file!)).toBe("2026-11-20T14-03-07.512Z-..orderC-000123client.eml");
    expect(path.basename(second.file!)).toBe("2026-11-20T14-03-07.512Z-..orderC-000123client-2.eml");
    expect(readMessage(fs.readFileSync(first.file!)).subject).toBe(SUBJECT);
    expect(readMessage(fs.readFileSync(second.file!)).subject).toBe("Deuxième");
    expect(fs.readdirSync(outbox).sort()).toEqual([path.basename(first.file!), path.basename(second.file!)].sort());
  });

  it("sanitizeTag falls back to 'mail' and bounds the length", () => {
    expect(sanitizeTag("é/ \\:")).toBe("mail");
    expect(sanitizeTag("a".repeat(500))).toHaveLength(120);
    expect(sanitizeTag("order-C-000123_agency.copy")).toBe("order-C-000123_agency.copy");
  });
});

describe("createMailer with an SMTP URL", () => {
  let server: SMTPServer | undefined;

  afterEach(async () => {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  });

  interface Received {
    raw: Buffer;
    envelope: SMTPServerSession["envelope"];
  }

  async function startServer(options: { refuse?: string } = {}): Promise<{ port: number; received: Received[] }> {
    const received: Received[] = [];
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, cb) {
        if (address.address === options.refuse) {
          const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
          cb(error);
        } else cb();
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          // the session is reset for the next message on the connection: keep a copy of the envelope
          received.push({ raw: Buffer.concat(chunks), envelope: structuredClone(session.envelope) });
          cb();
        });
      },
    });
    const s = server;
    await new Promise<void>((resolve, reject) => {
      s.once("error", reject);
      s.listen(0, "127.0.0.1", () => resolve());
    });
    return { port: (s.server.address() as AddressInfo).port, received };
  }

  it("delivers to the recipient and the cc through a real SMTP listener on loopback", async () => {
    const { port, received } = await startServer();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: tempDir(), from: FROM });

    const result = await mailer.send(mail());
    // the same transport is reused for a second mail
    await mailer.send(mail({ to: "autre@example.com", cc: undefined, subject: "Rappel" }));

    expect(result.file).toBeUndefined();
    expect(received).toHaveLength(2);
    const [first, second] = received as [Received, Received];
    expect(first.envelope.mailFrom && first.envelope.mailFrom.address).toBe("commandes@cuvee.example");
    expect(first.envelope.rcptTo.map((r) => r.address).sort()).toEqual(["agence@cuvee.example", "zoe@example.com"]);
    const read = readMessage(first.raw);
    expect(read.subject).toBe(SUBJECT);
    expect(read.text).toBe(TEXT);
    expect(read.text).toContain("C-000123");
    expect(read.headers.get("message-id")).toBe(result.messageId);

    expect(second.envelope.rcptTo.map((r) => r.address)).toEqual(["autre@example.com"]);
    expect(readMessage(second.raw).subject).toBe("Rappel");
  });

  it("rejects when the server refuses the recipient", async () => {
    const { port, received } = await startServer({ refuse: "zoe@example.com" });
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: tempDir(), from: FROM });

    await expect(mailer.send(mail({ cc: undefined }))).rejects.toMatchObject({ code: "EENVELOPE", responseCode: 550 });
    expect(received).toHaveLength(0);
  });
});
