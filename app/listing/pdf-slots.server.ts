/**
 * How many price lists one process draws at once (docs/decisions/021). A list of
 * 10,000 rows holds a few hundred MB of heap and seconds of CPU while it is drawn, so a handful
 * drawn together would starve the shop's pages and could exhaust memory: at most
 * {@link PRICE_LIST_CONCURRENCY} are drawn at a time, a few more wait their turn, and the rest (or
 * one that waited too long) are told the shop is busy — the route answers 503 with `Retry-After`.
 * The queue is p-limit's.
 */
import pLimit, { type LimitFunction } from "p-limit";

/** Thrown by {@link TaskSlots.run} when no slot freed in time or too many tasks already wait. */
export class SlotsBusyError extends Error {
  constructor() {
    super("All slots are busy");
    this.name = "SlotsBusyError";
  }
}

export interface TaskSlotsOptions {
  /** Tasks run at the same time. */
  concurrency: number;
  /** Tasks waiting for a slot beyond which a new one is refused at once. */
  maxWaiting: number;
  /** How long a task waits for a slot, in ms, before it is given up. */
  timeoutMs: number;
}

/** A bounded queue of async tasks run at most `concurrency` at a time. */
export class TaskSlots {
  private readonly limit: LimitFunction;
  private waitingCount = 0;
  private runningCount = 0;

  constructor(readonly options: TaskSlotsOptions) {
    this.limit = pLimit(options.concurrency);
  }

  /** Tasks running now. */
  get running(): number {
    return this.runningCount;
  }

  /** Tasks not started yet (those given up are not counted). */
  get waiting(): number {
    return this.waitingCount;
  }

  /**
   * Runs `task` once a slot is free.
   * @returns what `task` returns (its error is passed on).
   * @throws SlotsBusyError when `maxWaiting` tasks already wait, or when no slot freed within
   *   `timeoutMs` (the task is then never run).
   */
  run<T>(task: () => Promise<T>): Promise<T> {
    // Counted with the running ones: a task queued while a slot is free starts a microtask later.
    const { concurrency, maxWaiting } = this.options;
    if (this.waitingCount + this.runningCount >= concurrency + maxWaiting) return Promise.reject(new SlotsBusyError());
    this.waitingCount++;
    return new Promise<T>((resolve, reject) => {
      let gaveUp = false;
      const timer = setTimeout(() => {
        gaveUp = true;
        this.waitingCount--;
        reject(new SlotsBusyError());
      }, this.options.timeoutMs);
      void this.limit(async () => {
        // Given up while waiting: free the slot at once.
        if (gaveUp) return;
        clearTimeout(timer);
        this.waitingCount--;
        this.runningCount++;
        try {
          resolve(await task());
        } catch (error) {
          reject(error);
        } finally {
          this.runningCount--;
        }
      });
    });
  }
}

/** Price lists drawn at once per process. */
export const PRICE_LIST_CONCURRENCY = 2;
/** Seconds a refused client is told to wait (`Retry-After`). */
export const PRICE_LIST_RETRY_AFTER_SECONDS = 30;

/** The process's price list slots: 2 drawn at once, up to 8 waiting, for at most 20 s. */
export const priceListSlots = new TaskSlots({ concurrency: PRICE_LIST_CONCURRENCY, maxWaiting: 8, timeoutMs: 20_000 });
