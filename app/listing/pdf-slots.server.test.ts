/**
 * The price lists' concurrency cap (docs/decisions/021): at most `concurrency` tasks
 * run, the next wait their turn in order, a task that waited too long or finds the queue full is
 * refused with SlotsBusyError and never runs.
 */
import { describe, expect, it } from "vitest";
import { SlotsBusyError, TaskSlots } from "./pdf-slots.server";

/** A task that runs until `release` is called, recording that it started. */
function blocker(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { release, task: async () => (started.push(name), await done, name) };
}

describe("TaskSlots", () => {
  it("runs at most `concurrency` tasks at once, the others in order as slots free", async () => {
    const slots = new TaskSlots({ concurrency: 2, maxWaiting: 5, timeoutMs: 5_000 });
    const started: string[] = [];
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => blocker(started, name));
    const results = [a!, b!, c!, d!].map((x) => slots.run(x.task));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual(["a", "b"]);
    expect(slots.running).toBe(2);
    expect(slots.waiting).toBe(2);
    b!.release();
    await expect(results[1]).resolves.toBe("b");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual(["a", "b", "c"]);
    for (const x of [a!, c!, d!]) x.release();
    await expect(Promise.all(results)).resolves.toEqual(["a", "b", "c", "d"]);
    expect(slots.running).toBe(0);
    expect(slots.waiting).toBe(0);
  });

  it("refuses a task when the queue is full, and one that waited too long, without running it", async () => {
    const slots = new TaskSlots({ concurrency: 1, maxWaiting: 1, timeoutMs: 50 });
    const started: string[] = [];
    const first = blocker(started, "first");
    const running = slots.run(first.task);
    const late = slots.run(blocker(started, "late").task);
    await expect(slots.run(blocker(started, "refused").task)).rejects.toBeInstanceOf(SlotsBusyError);
    await expect(late).rejects.toBeInstanceOf(SlotsBusyError);
    expect(slots.waiting).toBe(0);
    first.release();
    await expect(running).resolves.toBe("first");
    // The slot is free again: the given-up task never ran, the next one does.
    await expect(slots.run(async () => "next")).resolves.toBe("next");
    expect(started).toEqual(["first"]);
  });

  it("accepts a burst of `concurrency + maxWaiting` tasks queued at once, and refuses the next", async () => {
    const slots = new TaskSlots({ concurrency: 2, maxWaiting: 2, timeoutMs: 1_000 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const accepted = Promise.allSettled(Array.from({ length: 4 }, () => slots.run(() => held)));
    await expect(slots.run(async () => "refused")).rejects.toBeInstanceOf(SlotsBusyError);
    release();
    expect((await accepted).map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
  });

  it("passes a task's error on and frees its slot", async () => {
    const slots = new TaskSlots({ concurrency: 1, maxWaiting: 1, timeoutMs: 1_000 });
    await expect(slots.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(slots.run(async () => "after")).resolves.toBe("after");
  });
});
