/**
 * Outgoing e-mail (docs/product.md#how-the-shop-is-built "Third parties sit behind small adapters"; README.md e-mail row).
 *
 * One adapter, two back ends chosen by configuration:
 * - an SMTP URL is set: every mail goes through one nodemailer SMTP transport (reused by the mailer);
 * - no SMTP URL: every mail is rendered to a raw RFC 822 message (UTF-8, LF line endings) and
 *   written to the outbox folder (`data/outbox/` by default) as one `.eml` file, so the shop runs
 *   end to end with no mail server and a developer can open what would have been sent.
 *
 * The SMTP URL may hold a password: this module never logs it, nor anything else.
 */
import { randomUUID } from "node:crypto";
import { access, link, mkdir, open, rename, unlink } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import { getEnv } from "~/env.server";

/**
 * A file carried by a message: a download (the order's invoice) or, with a `cid`, an image the
 * HTML part shows inline by `<img src="cid:…">` (the logo).
 */
export interface MailAttachment {
  /** File name shown to the reader, e.g. "Invoice-CUV-000123.pdf". */
  filename: string;
  /** MIME type, e.g. "application/pdf", "image/png". */
  contentType: string;
  content: Uint8Array;
  /** Content-ID without angle brackets, e.g. "logo@cuvee": an inline part. */
  cid?: string;
}

/** One message to send. */
export interface OutgoingMail {
  /** One recipient address, e.g. `"client@example.com"` or `'"Zoé Roy" <zoe@example.com>'`. */
  to: string;
  /** Copies, e.g. the agency's copy of an order confirmation. */
  cc?: string[];
  /** Reply-To address, e.g. the visitor who wrote through the contact form. */
  replyTo?: string;
  subject: string;
  /** Plain-text body, always sent (the HTML part, when given, is an alternative to it). */
  text: string;
  html?: string;
  /** Used to name the .eml file, e.g. "order-C-000123-customer" (only [A-Za-z0-9._-] kept). */
  tag: string;
  /**
   * The Message-ID header, angle brackets included (`<…@cuvee.example>`), fixed by the outbox when
   * the mail is written (decision 027), so a retry sends the same message; nodemailer makes one
   * when unset.
   */
  messageId?: string;
  /** The Date header and the .eml file's time stamp (default: now); the outbox gives its row's time. */
  date?: Date;
  /** Files carried by the message (the outbox rebuilds them when it sends: they are not stored). */
  attachments?: MailAttachment[];
}

/** A composed e-mail: subject, plain-text body and HTML body (same content). */
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** How a mailer sends. */
export interface MailerOptions {
  /** SMTP URL, e.g. smtp://user:pass@host:587 or smtps://…; when undefined, mails go to the outbox folder. */
  smtpUrl?: string;
  /** Folder for .eml files when no SMTP URL, e.g. "<DATA_DIR>/outbox". Created when missing. */
  outboxDir: string;
  /** From header, e.g. '"Cuvée" <commandes@cuvee.example>' */
  from: string;
}

/** Sends mails; see {@link createMailer}. */
export interface Mailer {
  /**
   * Sends one mail.
   * @returns the Message-ID header's value (with its angle brackets, e.g. `<…@cuvee.example>`) and,
   *   in outbox mode, the absolute path of the `.eml` file written.
   * @throws the transport's error when the SMTP server refuses or cannot be reached (nodemailer
   *   errors carry `code`, e.g. `ECONNECTION`, `EENVELOPE`, and `responseCode`), or the file
   *   system's error when the outbox cannot be written. Nothing is retried here.
   */
  send(mail: OutgoingMail): Promise<{ messageId: string; file?: string }>;
}

/** How long an SMTP send may wait for the connection, the greeting and each answer, ms. */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Longest tag kept in a file name, so a name stays well under the usual 255-byte limit. */
const MAX_TAG_LENGTH = 120;

/**
 * Keeps the characters of a tag that are safe in a file name on every system: `[A-Za-z0-9._-]`.
 * @returns the cleaned tag, at most 120 characters, or `"mail"` when nothing is left.
 */
export function sanitizeTag(tag: string): string {
  const kept = tag.replace(/[^A-Za-z0-9._-]/g, "").slice(0, MAX_TAG_LENGTH);
  return kept === "" ? "mail" : kept;
}

/**
 * Creates a mailer (docs/product.md#how-the-shop-is-built: SMTP when configured, else `data/outbox/`).
 *
 * - With `smtpUrl`: one nodemailer transport on that URL for the mailer's life (a plain transport:
 *   one connection per mail, closed after it), within {@link SMTP_TIMEOUTS_MS} unless the URL sets
 *   its own. Query parameters of the URL become
 *   transport options, e.g. `smtp://host:25/?ignoreTLS=true` or `smtps://user:pass@host:465`.
 * - Without: each mail is rendered by nodemailer's stream transport (`buffer: true`,
 *   `newline: "unix"`) and written to `<outboxDir>/<ISO time, ':' as '-'>-<tag>.eml`, e.g.
 *   `2026-11-20T14-03-07.512Z-order-C-000123-customer.eml`. The file is written under a hidden
 *   temporary name in the same folder, flushed, then linked into place, so a reader never sees a
 *   partial file, and an existing file is never replaced: a name already taken gets `-2`, `-3`…
 *   A mail with a `messageId` and a `date` (the outbox's) gets the same name on every try: a file
 *   of that name holding the same Message-ID means it was written already, and it is not written
 *   again (a retry after a crash between the write and the outbox's record leaves one file).
 *
 * Messages are UTF-8; non-ASCII headers are MIME encoded-words, bodies quoted-printable or base64
 * as nodemailer chooses. The envelope is `from` → `to` plus every `cc`.
 *
 * @param options see {@link MailerOptions}. The SMTP URL is not contacted here.
 * @throws when `smtpUrl` is not a URL nodemailer can read (thrown by nodemailer, synchronously).
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, outboxDir, from } = options;

  if (smtpUrl !== undefined) {
    // Time limits a send stays within (the URL may set others): the outbox leases a message for
    // 45 s while it is sent (decision 027), so a hung server fails the try instead of outliving it.
    const transport: Transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS });
    return {
      async send(mail) {
        const info = await transport.sendMail(message(from, mail));
        return { messageId: info.messageId };
      },
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const folder = path.resolve(outboxDir);
  return {
    async send(mail) {
      const info = await transport.sendMail(message(from, mail));
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error("nodemailer's stream transport did not return a buffer");
      await mkdir(folder, { recursive: true });
      const stamp = (mail.date ?? new Date()).toISOString().replace(/:/g, "-");
      const sameMessage = mail.messageId ? holdsMessageId(mail.messageId) : undefined;
      const file = await writeNewFile(folder, `${stamp}-${sanitizeTag(mail.tag)}`, ".eml", raw, sameMessage);
      return { messageId: info.messageId, file };
    },
  };
}

function message(from: string, mail: OutgoingMail): SendMailOptions {
  return {
    from,
    to: mail.to,
    cc: mail.cc && mail.cc.length > 0 ? mail.cc : undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo,
    messageId: mail.messageId,
    date: mail.date,
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
      ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
    })),
  };
}

/** Whether an .eml file's headers carry this Message-ID (read from its first 8 kB). */
function holdsMessageId(messageId: string): (file: string) => Promise<boolean> {
  return async (file) => {
    const handle = await open(file, "r");
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(8192), 0, 8192, 0);
      const headers =
        buffer
          .subarray(0, bytesRead)
          .toString("utf8")
          .split(/\r?\n\r?\n/)[0] ?? "";
      return headers
        .split(/\r?\n/)
        .some((line) => line.toLowerCase().startsWith("message-id:") && line.slice("message-id:".length).trim() === messageId);
    } finally {
      await handle.close();
    }
  };
}

/**
 * Writes `data` to a new file `<folder>/<base><ext>` (or `<base>-2<ext>`, … when taken) without a
 * reader ever seeing it half written: temp file, fsync, then a hard link (which fails rather than
 * replace an existing file). On a file system without hard links, falls back to a rename after
 * checking the name is free. When `sameMessage` says a taken name already holds this message, that
 * file is the answer and nothing is written.
 * @returns the file's absolute path.
 */
async function writeNewFile(
  folder: string,
  base: string,
  ext: string,
  data: Buffer,
  sameMessage?: (file: string) => Promise<boolean>,
): Promise<string> {
  const temp = path.join(folder, `.${base}.${randomUUID()}.tmp`);
  const handle = await open(temp, "wx", 0o640);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    for (let n = 1; ; n++) {
      const target = path.join(folder, n === 1 ? `${base}${ext}` : `${base}-${n}${ext}`);
      try {
        await link(temp, target);
        return target;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EEXIST" && sameMessage && (await sameMessage(target))) return target;
        if (code === "EEXIST" && n < 1000) continue;
        if (code === "EPERM" || code === "ENOTSUP" || code === "ENOSYS") {
          if (await exists(target)) continue;
          await rename(temp, target);
          return target;
        }
        throw error;
      }
    }
  } finally {
    await unlink(temp).catch(() => {});
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

let configured: Mailer | undefined;
let forTests: Mailer | undefined;

/** The shop's mailer as configured (`getEnv().mail`: SMTP, or the outbox), made once per process. */
export function shopMailer(): Mailer {
  return forTests ?? (configured ??= createMailer(getEnv().mail));
}

/** Tests: send every e-mail of the shop through this mailer (undefined: the configured one again). */
export function useShopMailerForTests(value: Mailer | undefined): void {
  forTests = value;
}
