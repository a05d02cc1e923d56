/**
 * One job at a time per key, in arrival order (an async mutex per key). Jobs under different keys run side by
 * side; a key's entry is dropped once its last job ends, so the map holds only keys in use.
 */
export class KeyedQueue<K> {
  readonly #tails = new Map<K, Promise<void>>();

  /** Run `job` after every job queued earlier under `key` has settled; answers what `job` answers. */
  async run<T>(key: K, job: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key);
    let done!: () => void;
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.#tails.set(key, mine);
    try {
      if (previous) await previous;
      return await job();
    } finally {
      if (this.#tails.get(key) === mine) this.#tails.delete(key);
      done();
    }
  }

  /** Keys with a job running or waiting (for tests). */
  get size(): number {
    return this.#tails.size;
  }
}
