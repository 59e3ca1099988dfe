/** Spaces calls at least `intervalMs` apart (EmailJS allows one request per second per
 * account) and refuses a call whose turn would come later than `maxWaitMs` from now, so a
 * visitor never waits without bound behind a queue. */
export type Pacer = {
  /** Resolves when it is this call's turn; false (at once) if the queue is too long. */
  take(): Promise<boolean>;
};

export function createPacer(intervalMs: number, maxWaitMs: number, now = () => Date.now()): Pacer {
  let nextSlot = 0;
  return {
    async take() {
      const current = now();
      const slot = Math.max(current, nextSlot);
      const wait = slot - current;
      if (wait > maxWaitMs) return false;
      nextSlot = slot + intervalMs;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return true;
    },
  };
}
