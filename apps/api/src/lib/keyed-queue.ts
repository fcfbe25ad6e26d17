const settle = () => undefined;

/** What a task is told when its turn comes. */
export interface Turn<M> {
  /** An earlier task of the same key was running or queued when this one arrived. */
  waited: boolean;
  /** Shared by the tasks of one busy spell of the key: made for its first task, dropped when none is left. */
  memo: M;
}

/**
 * Runs tasks one at a time per key, in the order they arrive; tasks of different keys run side by
 * side. A failed task does not stop the ones behind it. Keys with nothing queued are forgotten.
 *
 * The booking request queues per campaign (bookings/request-booking.ts): under a storm for the last slots
 * only one request per campaign and process is inside the locked transaction, holding a database
 * connection; the others wait here, in memory, instead of each holding a pool connection while it
 * waits for the campaign's row lock (which stays the authority across processes).
 */
export class KeyedQueue<K, M = undefined> {
  private readonly busy = new Map<K, { tail: Promise<void>; memo: M }>();

  constructor(private readonly newMemo: () => M = () => undefined as M) {}

  run<T>(key: K, task: (turn: Turn<M>) => Promise<T>): Promise<T> {
    const previous = this.busy.get(key);
    const memo = previous ? previous.memo : this.newMemo();
    const result = previous ? previous.tail.then(() => task({ waited: true, memo })) : task({ waited: false, memo });
    const tail = result.then(settle, settle);
    this.busy.set(key, { tail, memo });
    void tail.then(() => {
      if (this.busy.get(key)?.tail === tail) this.busy.delete(key);
    });
    return result;
  }

  /** The memo of the key's busy spell, while a task of it is running or queued. */
  memoOf(key: K): M | undefined {
    return this.busy.get(key)?.memo;
  }

  /** Whether a task of the key is running or queued: a new one would wait. */
  isBusy(key: K): boolean {
    return this.busy.has(key);
  }

  /** Keys with a task running or queued. */
  get busyKeys(): number {
    return this.busy.size;
  }
}
