/**
 * What the agency's staff see of the outbox (decision 027): the messages it could not send yet
 * (FAILED, tried again later) or at all (DEAD), and a resend of one, audited in the transaction
 * that makes it due again.
 */
import type { Database } from "~/db/client.server";
import { makeDueAgain, type OutboxProblem, outboxProblemCounts, outboxProblems } from "~/outbox/outbox.server";
import type { OutboxStatus } from "~/vocabulary";
import { recordStaffChange } from "./audit.server";
import type { StaffUser } from "./staff.server";

/** The most messages the list shows (dead first, then oldest first). */
export const OUTBOX_LIST_LIMIT = 100;

/** The list of `/agence/envois`: counts and the rows, dates as ISO strings. */
export async function outboxDesk(db: Database): Promise<{
  counts: { failed: number; dead: number };
  messages: (Omit<OutboxProblem, "createdAt" | "nextAttemptAt"> & { createdAt: string; nextAttemptAt: string })[];
}> {
  const [counts, rows] = await Promise.all([outboxProblemCounts(db), outboxProblems(db, OUTBOX_LIST_LIMIT)]);
  return {
    counts,
    messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), nextAttemptAt: row.nextAttemptAt.toISOString() })),
  };
}

/**
 * Staff resend a FAILED or DEAD message: it is due now, its tries counted from 0, and the audit
 * table records `outbox.resent` (status, tries and last error before) in the same transaction.
 * @returns "resent"; "not-found"; or "conflict" with the current status when it is no longer
 *   FAILED or DEAD (sent, or already waiting) — nothing changed.
 */
export async function resendOutboxMessage(
  db: Database,
  input: { staff: Pick<StaffUser, "id" | "email">; messageId: number; now?: Date },
): Promise<{ ok: true } | { ok: false; error: "not-found" } | { ok: false; error: "conflict"; status: OutboxStatus }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const due = await makeDueAgain(tx, input.messageId, now);
    if (!due.ok)
      return due.reason === "conflict" ? { ok: false, error: "conflict", status: due.current.status } : { ok: false, error: "not-found" };
    await recordStaffChange(tx, {
      actor: input.staff,
      action: "outbox.resent",
      entity: "outbox_message",
      entityId: input.messageId,
      before: { status: due.before.status, attempts: due.before.attempts, lastError: due.before.lastError },
      after: { status: "PENDING", attempts: 0 },
      now,
    });
    return { ok: true };
  });
}
