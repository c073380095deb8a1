/**
 * The transactional outbox (decision 027): written with the change or not at all, sent once per
 * claim by any number of workers, retried with back-off, dead after the last try, resent by staff
 * (audited), and woken by the commit that wrote it. Runs on PGlite and on PostgreSQL.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, outboxMessages } from "~/db/schema";
import { createMailer } from "~/email/mailer.server";
import {
  carryOutHeld,
  drainOutbox,
  enqueue,
  enqueueHeld,
  enqueueMail,
  makeDueAgain,
  OUTBOX_LEASE_MS,
  OutboxFailure,
  type OutboxHandlers,
  type OutboxMail,
  outboxProblemCounts,
  outboxProblems,
  purgeSentOutbox,
  releaseLeases,
  startOutboxWorker,
  workOutbox,
} from "~/outbox/outbox.server";
import { OUTBOX_MAX_ATTEMPTS, retryDelayMs } from "~/outbox/retry-policy";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.close();
});

beforeEach(async () => {
  await testDb.db.delete(outboxMessages);
  vi.restoreAllMocks();
});

const mail = (n: number) => ({ to: `client${n}@example.com`, subject: `Sujet ${n}`, text: `Bonjour ${n}`, tag: `test-${n}` });

/** Handlers recording what they were asked; `failWith` makes every e-mail fail. */
function recorder(failWith?: Error): OutboxHandlers & { mails: OutboxMail[]; signups: number[] } {
  const mails: OutboxMail[] = [];
  const signups: number[] = [];
  return {
    mails,
    signups,
    async email(m) {
      if (failWith) throw failWith;
      mails.push(m);
    },
    async "mailchimp-subscribe"(id) {
      signups.push(id);
    },
  };
}

const rowOf = async (id: number) => (await testDb.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

describe("writing to the outbox", () => {
  it("keeps a message only when its transaction commits", async () => {
    await expect(
      testDb.db.transaction(async (tx) => {
        await enqueueMail(tx, mail(1));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await testDb.db.select().from(outboxMessages)).toEqual([]);

    const id = await testDb.db.transaction((tx) => enqueueMail(tx, mail(2)));
    expect(await rowOf(id!)).toMatchObject({ status: "PENDING", attempts: 0, job: { kind: "email", mail: mail(2) } });
    expect((await rowOf(id!)).messageId).toMatch(/^<[0-9a-f-]{36}@cuvee\.example>$/);
  });

  it("writes a deduplicated effect once", async () => {
    expect(await enqueueMail(testDb.db, mail(3), { dedupeKey: "order-3-confirmation" })).toEqual(expect.any(Number));
    expect(await enqueueMail(testDb.db, mail(3), { dedupeKey: "order-3-confirmation" })).toBeNull();
    expect(await testDb.db.select().from(outboxMessages)).toHaveLength(1);
  });
});

describe("working the outbox", () => {
  it("sends each due message once, with its row's Message-ID and date, and records it SENT", async () => {
    const ids = [await enqueueMail(testDb.db, mail(1)), await enqueue(testDb.db, { kind: "mailchimp-subscribe", signupId: 42 })];
    const handlers = recorder();
    expect(await drainOutbox(testDb.db, handlers)).toEqual({ claimed: 2, sent: 2, failed: 0, dead: 0 });
    expect(handlers.mails).toEqual([{ ...mail(1), messageId: (await rowOf(ids[0]!)).messageId, date: (await rowOf(ids[0]!)).createdAt }]);
    expect(handlers.signups).toEqual([42]);
    expect(await rowOf(ids[0]!)).toMatchObject({ status: "SENT", attempts: 1, lockedUntil: null, sentAt: expect.any(Date) });
    expect(await drainOutbox(testDb.db, handlers)).toMatchObject({ claimed: 0 });
  });

  it("retries a failure after the back-off, keeps the reason without the address, and gives up after the last try", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const id = (await enqueueMail(testDb.db, mail(5)))!;
    const failure = Object.assign(new Error("550 <client5@example.com> refused"), { code: "EENVELOPE", responseCode: 550 });
    let clock = Date.now();
    const options = { now: () => new Date(clock), random: () => 0.5 };
    await workOutbox(testDb.db, recorder(failure), options);
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: "FAILED", attempts: 1, lastError: "Error EENVELOPE SMTP 550", lockedUntil: null });
    expect(row.nextAttemptAt.getTime()).toBe(clock + retryDelayMs(1, 0.5));
    expect(JSON.stringify(vi.mocked(console.error).mock.calls)).not.toContain("client5@example.com");
    // Not due yet: nothing is claimed.
    expect(await workOutbox(testDb.db, recorder(failure), options)).toMatchObject({ claimed: 0 });
    for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      clock = (await rowOf(id)).nextAttemptAt.getTime();
      expect(await workOutbox(testDb.db, recorder(failure), options)).toMatchObject({ claimed: 1 });
    }
    row = await rowOf(id);
    expect(row).toMatchObject({ status: "DEAD", attempts: OUTBOX_MAX_ATTEMPTS });
    expect(await outboxProblemCounts(testDb.db)).toEqual({ failed: 0, dead: 1 });
    clock += 24 * 3_600_000;
    expect(await workOutbox(testDb.db, recorder(), options)).toMatchObject({ claimed: 0 });
  });

  it("makes a permanent failure dead at once", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const id = (await enqueue(testDb.db, { kind: "mailchimp-subscribe", signupId: 7 }))!;
    await workOutbox(testDb.db, {
      ...recorder(),
      "mailchimp-subscribe": () => Promise.reject(new OutboxFailure("Mailchimp HTTP 400 Invalid Resource", true)),
    });
    expect(await rowOf(id)).toMatchObject({ status: "DEAD", attempts: 1, lastError: "Mailchimp HTTP 400 Invalid Resource" });
  });

  it("leaves a message claimed by a process that died to another once the lease ends, with the same Message-ID", async () => {
    const id = (await enqueueMail(testDb.db, mail(8)))!;
    const start = Date.now();
    // A process claims it and dies while sending (its handler never returns).
    void workOutbox(testDb.db, { ...recorder(), email: () => new Promise(() => {}) }, { now: () => new Date(start) });
    await vi.waitFor(async () => expect((await rowOf(id)).lockedUntil).not.toBeNull());
    const other = recorder();
    expect(await workOutbox(testDb.db, other, { now: () => new Date(start + OUTBOX_LEASE_MS - 1000) })).toMatchObject({ claimed: 0 });
    expect(await workOutbox(testDb.db, other, { now: () => new Date(start + OUTBOX_LEASE_MS + 1000) })).toMatchObject({ sent: 1 });
    expect(other.mails[0]!.messageId).toBe((await rowOf(id)).messageId);
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 2 });
  });

  it("ends every lease when a process starts on the embedded database: the row a killed process held goes at once", async () => {
    const id = (await enqueueMail(testDb.db, mail(9)))!;
    void workOutbox(testDb.db, { ...recorder(), email: () => new Promise(() => {}) });
    await vi.waitFor(async () => expect((await rowOf(id)).lockedUntil).not.toBeNull());
    expect(await workOutbox(testDb.db, recorder())).toMatchObject({ claimed: 0 });
    expect(await releaseLeases(testDb.db)).toBe(1);
    const restarted = recorder();
    expect(await workOutbox(testDb.db, restarted)).toMatchObject({ sent: 1 });
    expect(restarted.mails.map((m) => m.tag)).toEqual(["test-9"]);
  });

  it("never gives one message to two workers at once", async () => {
    for (let n = 0; n < 30; n++) await enqueueMail(testDb.db, mail(100 + n));
    const sent: string[] = [];
    const slow: OutboxHandlers = {
      ...recorder(),
      async email(m) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(m.messageId);
      },
    };
    const runs = await Promise.all([0, 1, 2].map(() => drainOutbox(testDb.db, slow, { batchSize: 4 })));
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(30);
    expect(new Set(sent).size).toBe(30);
    expect(sent).toHaveLength(30);
  });
});

describe("the worker", () => {
  it("sends a message as soon as the transaction that wrote it commits, and stops cleanly", async () => {
    const handlers = recorder();
    const worker = await startOutboxWorker(testDb, handlers, { pollMs: 60_000 });
    try {
      await testDb.db.transaction((tx) => enqueueMail(tx, mail(9)));
      await vi.waitFor(() => expect(handlers.mails.map((m) => m.tag)).toEqual(["test-9"]), { timeout: 5_000 });
    } finally {
      await worker.stop();
    }
  });
});

describe("staff and upkeep", () => {
  it("lists failed and dead messages, dead first, and makes one due again (a sent one is a conflict)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failed = (await enqueueMail(testDb.db, mail(11)))!;
    const dead = (await enqueueMail(testDb.db, mail(12)))!;
    await workOutbox(testDb.db, recorder(new Error("down")));
    await testDb.db.update(outboxMessages).set({ status: "DEAD" }).where(eq(outboxMessages.id, dead));
    expect((await outboxProblems(testDb.db)).map((p) => [p.id, p.status, p.recipient, p.subject])).toEqual([
      [dead, "DEAD", "client12@example.com", "Sujet 12"],
      [failed, "FAILED", "client11@example.com", "Sujet 11"],
    ]);
    const again = await testDb.db.transaction((tx) => makeDueAgain(tx, dead));
    expect(again).toMatchObject({ ok: true, before: { status: "DEAD" } });
    expect(await rowOf(dead)).toMatchObject({ status: "PENDING", attempts: 0 });
    await drainOutbox(testDb.db, recorder());
    expect(await testDb.db.transaction((tx) => makeDueAgain(tx, dead))).toMatchObject({ ok: false, reason: "conflict" });
    expect(await testDb.db.transaction((tx) => makeDueAgain(tx, 999_999))).toEqual({ ok: false, reason: "not-found" });
    expect(await testDb.db.select().from(auditLog)).toEqual([]);
  });

  it("refuses to resend a message while a try of it is in progress, and a resend makes the old try's record void", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const id = (await enqueueMail(testDb.db, mail(16)))!;
    await workOutbox(testDb.db, recorder(new Error("down")));
    // A worker is trying it again (its lease is live): a resend now would send it twice at once.
    let finish: (() => void) | undefined;
    const clock = () => new Date(Date.now() + 3_600_000);
    const trying = workOutbox(
      testDb.db,
      { ...recorder(), email: () => new Promise<void>((resolve) => (finish = resolve)) },
      { now: clock },
    );
    await vi.waitFor(async () => expect((await rowOf(id)).claimToken).not.toBeNull());
    expect(await testDb.db.transaction((tx) => makeDueAgain(tx, id, clock()))).toMatchObject({ ok: false, reason: "conflict" });
    // Its lease ends; staff resend it; the old try then finishes: its outcome is not recorded.
    const later = new Date(clock().getTime() + OUTBOX_LEASE_MS + 1000);
    expect(await testDb.db.transaction((tx) => makeDueAgain(tx, id, later))).toMatchObject({ ok: true });
    finish!();
    await trying;
    expect(await rowOf(id)).toMatchObject({ status: "PENDING", attempts: 0, claimToken: null, sentAt: null });
  });

  it("lets a request carry out the job it wrote, which no worker takes meanwhile; written again, the same row is renewed", async () => {
    const held = await testDb.db.transaction((tx) =>
      enqueueHeld(tx, { kind: "mailchimp-subscribe", signupId: 21 }, { dedupeKey: "newsletter-21" }),
    );
    expect(await workOutbox(testDb.db, recorder())).toMatchObject({ claimed: 0 });
    const failing = { ...recorder(), "mailchimp-subscribe": () => Promise.reject(new OutboxFailure("Mailchimp HTTP 503")) };
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await carryOutHeld(testDb.db, failing, held)).toBe("FAILED");
    expect(await carryOutHeld(testDb.db, recorder(), held), "a claim is used once").toBeNull();
    expect(await rowOf(held.id)).toMatchObject({ status: "FAILED", attempts: 1, lastError: "Mailchimp HTTP 503" });
    // Signed up again: the same row, due now, tried by the new request.
    const again = await testDb.db.transaction((tx) =>
      enqueueHeld(tx, { kind: "mailchimp-subscribe", signupId: 21 }, { dedupeKey: "newsletter-21" }),
    );
    expect(again.id).toBe(held.id);
    const handlers = recorder();
    expect(await carryOutHeld(testDb.db, handlers, again)).toBe("SENT");
    expect(handlers.signups).toEqual([21]);
    expect(await testDb.db.select().from(outboxMessages)).toHaveLength(1);
  });

  it("deletes sent messages after 30 days, never others", async () => {
    const old = (await enqueueMail(testDb.db, mail(13)))!;
    const recent = (await enqueueMail(testDb.db, mail(14)))!;
    const waiting = (await enqueueMail(testDb.db, mail(15), { now: new Date(Date.now() + 3_600_000) }))!;
    await drainOutbox(testDb.db, recorder());
    await testDb.db
      .update(outboxMessages)
      .set({ sentAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(outboxMessages.id, old));
    expect(await purgeSentOutbox(testDb.db)).toBe(1);
    expect((await testDb.db.select({ id: outboxMessages.id }).from(outboxMessages)).map((r) => r.id).sort()).toEqual(
      [recent, waiting].sort(),
    );
  });
});

describe("the outbox folder", () => {
  it("writes one file per message, even when a retry sends it again", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "cuvee-outbox-"));
    try {
      const mailer = createMailer({ outboxDir: folder, from: '"Cuvée" <commandes@cuvee.example>' });
      const date = new Date("2026-11-27T10:00:00.000Z");
      const first = await mailer.send({ ...mail(20), messageId: "<a@cuvee.example>", date });
      const again = await mailer.send({ ...mail(20), messageId: "<a@cuvee.example>", date });
      const other = await mailer.send({ ...mail(20), messageId: "<b@cuvee.example>", date });
      expect(again.file).toBe(first.file);
      expect(other.file).not.toBe(first.file);
      expect(readdirSync(folder).sort()).toEqual(["2026-11-27T10-00-00.000Z-test-20-2.eml", "2026-11-27T10-00-00.000Z-test-20.eml"]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
