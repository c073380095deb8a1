/**
 * The transactional outbox (decision 027; docs/product.md#how-the-shop-is-built "Side effects after a commit").
 *
 * Whatever must follow a saved change — an order's confirmation e-mail, a newsletter sign-up sent to
 * Mailchimp — is written by {@link enqueue} as a row of `outbox_messages` in the transaction of the
 * change: both are saved or neither is, so a crash after the commit loses nothing. The same
 * transaction notifies channel `cuvee_outbox`, delivered when it commits, which wakes the worker of
 * every process ({@link startOutboxWorker}); each also looks every few seconds for retries.
 *
 * A worker claims one due row at a time with `FOR UPDATE SKIP LOCKED`, a lease (`locked_until`) and
 * a claim token, so any number of processes share the work and never send a row twice at once; it
 * sends outside any transaction, then records SENT, or FAILED with the next try after an
 * exponential back-off (retry-policy.ts), or DEAD after the last try. A process killed between the
 * send and the record leaves the row to be tried again when the lease ends (at once when a process
 * starts on the embedded database, which no other can hold): a job is sent at least once, and an
 * e-mail keeps its Message-ID (and its file name in the outbox folder), so a repeat is
 * recognisable as the same message. Staff see FAILED and DEAD rows on `/agence/envois` and resend
 * them.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "~/db/client.server";
import type { MailAttachmentRef, OutboxJob } from "~/db/outbox-job";
import { outboxMessages } from "~/db/schema";
import type { OutgoingMail } from "~/email/mailer.server";
import { getEnv } from "~/env.server";
import type { OutboxStatus } from "~/vocabulary";
import { isOutOfAttempts, retryDelayMs } from "./retry-policy";

/** The notification channel that wakes the workers when a transaction with new jobs commits. */
export const OUTBOX_CHANNEL = "cuvee_outbox";
/**
 * How long a claimed row is left to the process that claimed it before another may try, ms: longer
 * than a send may take (the SMTP transport's timeouts, app/email/mailer.server.ts; Mailchimp's 5 s),
 * short enough that a row held by a killed process goes out within a minute or so.
 */
export const OUTBOX_LEASE_MS = 45_000;
/** Rows a worker sends in one run before it looks again (each claimed on its own). */
const BATCH_SIZE = 20;

export type OutboxMessage = typeof outboxMessages.$inferSelect;

/**
 * Writes a job to the outbox, in the caller's transaction (pass the transaction as `db`), and
 * notifies the workers, who see it once that transaction commits.
 * @param options.dedupeKey names the effect once (e.g. `order-12-confirmation`): when a row with
 *   this key exists, nothing is written (the first one stands).
 * @param options.domain the Message-ID's domain, e.g. `cuvee.example` (see {@link mailDomain}).
 * @returns the new row's id, or null when `dedupeKey` was already written.
 */
export async function enqueue(
  db: Database,
  job: OutboxJob,
  options: { dedupeKey?: string; domain?: string; now?: Date } = {},
): Promise<number | null> {
  const [row] = await db.insert(outboxMessages).values(newRow(job, options)).onConflictDoNothing().returning({ id: outboxMessages.id });
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return row?.id ?? null;
}

/** A new row of `job`: due now, PENDING, an e-mail's Message-ID on `domain`. */
function newRow(job: OutboxJob, options: { dedupeKey?: string; domain?: string; now?: Date }) {
  const now = options.now ?? new Date();
  return {
    job,
    dedupeKey: options.dedupeKey ?? null,
    messageId: job.kind === "email" ? `<${randomUUID()}@${options.domain ?? "cuvee.invalid"}>` : null,
    status: "PENDING" as const,
    nextAttemptAt: now,
    createdAt: now,
  };
}

/**
 * Writes a job the calling request will carry out itself once its transaction commits
 * ({@link carryOutHeld}), already claimed by it: no worker takes it while the request holds its
 * lease, and if the request dies, a worker does once the lease ends. With a `dedupeKey` already
 * written, that row is renewed instead (due now, tries from 0): one row per effect (the newsletter's
 * one job per sign-up).
 * @param db the caller's transaction.
 * @returns the row's id and the claim to pass to {@link carryOutHeld}.
 */
export async function enqueueHeld(
  db: Database,
  job: OutboxJob,
  options: { dedupeKey?: string; domain?: string; now?: Date } = {},
): Promise<HeldMessage> {
  const row0 = newRow(job, options);
  const held = { attempts: 1, lockedUntil: new Date(row0.createdAt.getTime() + OUTBOX_LEASE_MS), claimToken: randomUUID() };
  const [row] = await db
    .insert(outboxMessages)
    .values({ ...row0, ...held })
    .onConflictDoUpdate({
      target: outboxMessages.dedupeKey,
      set: { job, status: "PENDING", nextAttemptAt: row0.nextAttemptAt, lastError: null, sentAt: null, ...held },
    })
    .returning({ id: outboxMessages.id });
  return { id: row!.id, claimToken: held.claimToken };
}

/** A row claimed by whoever wrote it ({@link enqueueHeld}). */
export interface HeldMessage {
  id: number;
  claimToken: string;
}

/**
 * Writes an e-mail to the outbox in the caller's transaction ({@link enqueue}), its Message-ID on
 * the domain of `MAIL_FROM`. The mail is composed now: what it says is what the change saved.
 * @param options.attachments the files the mail carries, rebuilt by the handler at each try (the
 *   logo, an order's invoice: docs/decisions/044-order-e-mails.md).
 * @returns the row's id, or null when `dedupeKey` was already written.
 */
export function enqueueMail(
  db: Database,
  mail: Omit<OutgoingMail, "messageId" | "date" | "attachments">,
  options: { dedupeKey?: string; now?: Date; attachments?: MailAttachmentRef[] } = {},
): Promise<number | null> {
  const { attachments, ...rest } = options;
  const job: OutboxJob = attachments && attachments.length > 0 ? { kind: "email", mail, attachments } : { kind: "email", mail };
  return enqueue(db, job, { ...rest, domain: mailDomain(getEnv().mail.from) });
}

/**
 * The domain of a From address, for Message-IDs: `"Cuvée" <commandes@cuvee.example>` →
 * `cuvee.example`; `cuvee.invalid` when it has none.
 */
export function mailDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? "cuvee.invalid";
}

/**
 * A failure a handler explains: `reason` is what the log and staff read (one line, no personal
 * data, e.g. "Mailchimp HTTP 503"); `permanent` when no retry can mend it (Mailchimp refusing an
 * address as invalid): the job is then dead at once.
 */
export class OutboxFailure extends Error {
  constructor(
    readonly reason: string,
    readonly permanent = false,
  ) {
    super(reason);
    this.name = "OutboxFailure";
  }
}

/** An e-mail job with what its row fixed: the Message-ID and when it was written (its file's stamp). */
export type OutboxMail = OutgoingMail & { messageId: string; date: Date };

/** How each kind of job is carried out. Each throws when it did not succeed (the row is retried). */
export interface OutboxHandlers {
  /** Sends `mail` with the files `attachments` names, built at this try (none when empty). */
  email(mail: OutboxMail, attachments: readonly MailAttachmentRef[]): Promise<void>;
  "mailchimp-subscribe"(signupId: number): Promise<void>;
}

/** What one {@link workOutbox} call did. */
export interface OutboxRun {
  claimed: number;
  sent: number;
  failed: number;
  dead: number;
}

/**
 * Claims one due row (PENDING or FAILED, `next_attempt_at` passed, no live lease) and sets its
 * lease: the row another transaction holds is skipped, so processes never claim the same row.
 * @returns the row with its try counted, or null when nothing is due.
 */
async function claimNext(db: Database, at: Date, ids: number[] | undefined): Promise<OutboxMessage | null> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        inArray(outboxMessages.status, ["PENDING", "FAILED"]),
        lte(outboxMessages.nextAttemptAt, at),
        or(isNull(outboxMessages.lockedUntil), lte(outboxMessages.lockedUntil, at)),
        ids ? inArray(outboxMessages.id, ids) : undefined,
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(outboxMessages)
    .set({ lockedUntil: new Date(at.getTime() + OUTBOX_LEASE_MS), attempts: sql`${outboxMessages.attempts} + 1`, claimToken: randomUUID() })
    .where(inArray(outboxMessages.id, due))
    .returning();
  return row ?? null;
}

/**
 * Carries out the due rows one by one, at most 20 (`batchSize`), each claimed just before it is
 * sent (so a process that dies holds at most one row's lease), and records each outcome.
 * Safe with any number of processes. Never throws for a job's failure (recorded on its row);
 * rejects only when the database cannot be reached.
 * @param options.now the time the claims, the back-off and the records use.
 * @param options.random for the back-off's spread (tests).
 * @param options.ids only these rows, when due (tests).
 */
export async function workOutbox(
  db: Database,
  handlers: OutboxHandlers,
  options: { now?: () => Date; random?: () => number; batchSize?: number; ids?: number[] } = {},
): Promise<OutboxRun> {
  const now = options.now ?? (() => new Date());
  const run: OutboxRun = { claimed: 0, sent: 0, failed: 0, dead: 0 };
  for (let n = 0; n < (options.batchSize ?? BATCH_SIZE); n++) {
    const row = await claimNext(db, now(), options.ids);
    if (!row) break;
    run.claimed++;
    const outcome = await carryOutAndRecord(db, handlers, row, options);
    if (outcome === "SENT") run.sent++;
    else if (outcome === "DEAD") run.dead++;
    else run.failed++;
  }
  return run;
}

/**
 * Carries out a claimed row once and records what came of it: SENT; FAILED with the next try
 * after the back-off; DEAD after the last try or a permanent failure. The record is made only
 * while the claim is still the row's (a staff resend meanwhile made it a new job).
 */
async function carryOutAndRecord(
  db: Database,
  handlers: OutboxHandlers,
  row: OutboxMessage,
  options: { now?: () => Date; random?: () => number },
): Promise<OutboxStatus> {
  const now = options.now ?? (() => new Date());
  let outcome: { status: OutboxStatus; lastError: string | null; nextAttemptAt?: Date };
  try {
    await carryOut(row, handlers);
    outcome = { status: "SENT", lastError: null };
  } catch (error) {
    const lastError = failureSummary(error);
    if ((error instanceof OutboxFailure && error.permanent) || isOutOfAttempts(row.attempts)) {
      outcome = { status: "DEAD", lastError };
    } else {
      outcome = { status: "FAILED", lastError, nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts, options.random?.())) };
    }
    console.error(`outbox: message ${row.id} (${row.job.kind}) try ${row.attempts} failed: ${lastError}; now ${outcome.status}`);
  }
  await db
    .update(outboxMessages)
    .set({
      status: outcome.status,
      lastError: outcome.lastError,
      lockedUntil: null,
      claimToken: null,
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      ...(outcome.status === "SENT" ? { sentAt: now() } : {}),
    })
    .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.claimToken, row.claimToken ?? "")));
  return outcome.status;
}

/**
 * Carries out a row its writer holds ({@link enqueueHeld}), once its transaction has committed,
 * and records the outcome as a worker would. Does nothing when the claim is no longer the writer's
 * (its lease ended and a worker took it).
 * @returns the row's status after the try, or null when the claim was lost.
 */
export async function carryOutHeld(
  db: Database,
  handlers: OutboxHandlers,
  held: HeldMessage,
  options: { now?: () => Date; random?: () => number } = {},
): Promise<OutboxStatus | null> {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.id, held.id),
        eq(outboxMessages.claimToken, held.claimToken),
        inArray(outboxMessages.status, ["PENDING", "FAILED"]),
      ),
    );
  return row ? carryOutAndRecord(db, handlers, row, options) : null;
}

/**
 * Ends every lease (a process starting on the embedded database, which only it can open: a lease
 * there was held by this process before it was killed). Not for PostgreSQL, where other live
 * processes hold theirs; a dead process's row waits for its lease to end there.
 * @returns how many leases were ended.
 */
export async function releaseLeases(db: Database): Promise<number> {
  const released = await db
    .update(outboxMessages)
    .set({ lockedUntil: null, claimToken: null })
    .where(and(inArray(outboxMessages.status, ["PENDING", "FAILED"]), sql`${outboxMessages.lockedUntil} is not null`))
    .returning({ id: outboxMessages.id });
  return released.length;
}

function carryOut(row: OutboxMessage, handlers: OutboxHandlers): Promise<void> {
  const job = row.job;
  switch (job.kind) {
    case "email":
      if (!row.messageId) throw new OutboxFailure("e-mail without a Message-ID", true);
      return handlers.email({ ...job.mail, messageId: row.messageId, date: row.createdAt }, job.attachments ?? []);
    case "mailchimp-subscribe":
      return handlers["mailchimp-subscribe"](job.signupId);
    default:
      throw new OutboxFailure(`unknown job ${String((job as { kind?: unknown }).kind)}`, true);
  }
}

/**
 * One line about a failure for logs and staff: the error's class, its code, SMTP response code or
 * HTTP status — never its message, which may hold addresses.
 */
export function failureSummary(error: unknown): string {
  if (error instanceof OutboxFailure) return error.reason;
  if (!(error instanceof Error)) return typeof error;
  const { code, responseCode, status } = error as Error & { code?: unknown; responseCode?: unknown; status?: unknown };
  return [
    error.name,
    typeof code === "string" ? code : null,
    typeof responseCode === "number" ? `SMTP ${responseCode}` : null,
    typeof status === "number" ? `HTTP ${status}` : null,
  ]
    .filter((part) => part !== null)
    .join(" ");
}

/**
 * Works the outbox until nothing is due now (tests, and a process's first run). The same rules as
 * {@link workOutbox}; a row failing is left FAILED for later, so this ends.
 * @returns the sum of the runs.
 */
export async function drainOutbox(
  db: Database,
  handlers: OutboxHandlers,
  options: Parameters<typeof workOutbox>[2] = {},
): Promise<OutboxRun> {
  const total: OutboxRun = { claimed: 0, sent: 0, failed: 0, dead: 0 };
  for (;;) {
    const run = await workOutbox(db, handlers, options);
    total.claimed += run.claimed;
    total.sent += run.sent;
    total.failed += run.failed;
    total.dead += run.dead;
    if (run.claimed === 0) return total;
  }
}

/** How often a worker looks for retries and for rows whose lease ended, ms. */
export const OUTBOX_POLL_MS = 5_000;

/**
 * Starts this process's worker: it works the outbox at start, whenever a transaction that wrote
 * jobs commits (any process's: `LISTEN cuvee_outbox`), and every `pollMs` for retries. One run at a
 * time per process; a wake-up during a run starts another right after it.
 * @param options.releaseLeasesAtStart end every lease first ({@link releaseLeases}): true only on
 *   the embedded database, which no other process can hold.
 * @returns `stop()`, which stops listening and resolves once a run in progress has ended.
 * @throws when the database cannot be listened to (start-up).
 */
export async function startOutboxWorker(
  handle: Pick<DatabaseHandle, "db" | "listen">,
  handlers: OutboxHandlers,
  options: { pollMs?: number; releaseLeasesAtStart?: boolean } = {},
): Promise<{ stop(): Promise<void> }> {
  if (options.releaseLeasesAtStart) await releaseLeases(handle.db);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drainOutbox(handle.db, handlers);
        } catch (error) {
          console.error(`outbox: worker could not reach the database (${failureSummary(error)})`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  const stopListening = await handle.listen(OUTBOX_CHANNEL, wake);
  const timer = setInterval(wake, options.pollMs ?? OUTBOX_POLL_MS);
  timer.unref();
  wake();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await stopListening();
      await running;
    },
  };
}

/** The outbox as staff see it: counts of rows waiting for a retry and of dead ones. */
export async function outboxProblemCounts(db: Database): Promise<{ failed: number; dead: number }> {
  const rows = await db
    .select({ status: outboxMessages.status, count: count() })
    .from(outboxMessages)
    .where(inArray(outboxMessages.status, ["FAILED", "DEAD"]))
    .groupBy(outboxMessages.status);
  const of = (status: OutboxStatus) => Number(rows.find((r) => r.status === status)?.count ?? 0);
  return { failed: of("FAILED"), dead: of("DEAD") };
}

/** One row of the staff's list of messages not sent. */
export interface OutboxProblem {
  id: number;
  status: OutboxStatus;
  kind: OutboxJob["kind"];
  /** An e-mail's recipient and subject, or the sign-up's id. */
  recipient: string | null;
  subject: string | null;
  tag: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
}

/**
 * The FAILED and DEAD rows, dead first, then oldest first, at most `limit` (the staff list).
 */
export async function outboxProblems(db: Database, limit = 100): Promise<OutboxProblem[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.status, ["FAILED", "DEAD"]))
    .orderBy(desc(sql`${outboxMessages.status} = 'DEAD'`), asc(outboxMessages.createdAt), asc(outboxMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    kind: row.job.kind,
    recipient: row.job.kind === "email" ? row.job.mail.to : `#${row.job.signupId}`,
    subject: row.job.kind === "email" ? row.job.mail.subject : null,
    tag: row.job.kind === "email" ? row.job.mail.tag : null,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    nextAttemptAt: row.nextAttemptAt,
  }));
}

/**
 * Makes a FAILED or DEAD message due now, its tries counted from 0 again (a staff resend, decision
 * 027; the staff area audits it in the same transaction), and wakes the workers when `db`'s
 * transaction commits.
 * @param db the caller's transaction.
 * @returns the row as it was, or "not-found"; or "conflict" with the row when it is no longer
 *   FAILED or DEAD (sent, or already pending) or a try of it is in progress (a live lease) —
 *   nothing changed.
 */
export async function makeDueAgain(
  db: Database,
  id: number,
  now = new Date(),
): Promise<
  { ok: true; before: OutboxMessage } | { ok: false; reason: "not-found" } | { ok: false; reason: "conflict"; current: OutboxMessage }
> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).for("update");
  if (!row) return { ok: false, reason: "not-found" };
  const beingSent = row.lockedUntil !== null && row.lockedUntil > now;
  if ((row.status !== "FAILED" && row.status !== "DEAD") || beingSent) return { ok: false, reason: "conflict", current: row };
  await db
    .update(outboxMessages)
    .set({ status: "PENDING", attempts: 0, nextAttemptAt: now, lockedUntil: null, claimToken: null })
    .where(eq(outboxMessages.id, row.id));
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return { ok: true, before: row };
}

/** Sent messages are kept this long (what staff and a support question may need), then deleted. */
export const SENT_MESSAGES_KEPT_DAYS = 30;

/**
 * Deletes the SENT rows older than {@link SENT_MESSAGES_KEPT_DAYS} (their bodies hold names and
 * addresses that are kept no longer than needed). Idempotent; safe with several processes.
 * @returns how many rows were deleted.
 */
export async function purgeSentOutbox(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SENT_MESSAGES_KEPT_DAYS * 86_400_000);
  const deleted = await db
    .delete(outboxMessages)
    .where(and(eq(outboxMessages.status, "SENT"), lt(outboxMessages.sentAt, before)))
    .returning({ id: outboxMessages.id });
  return deleted.length;
}
