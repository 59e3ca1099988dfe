/** One answer shared by every caller within a second (a load balancer's checks, each desk page), forgotten when it
 * fails so the next caller asks again. */
export function sharedForASecond<T>(compute: (now: number) => Promise<T>): (now?: number) => Promise<T> {
  let last: { at: number; run: Promise<T> } | undefined;
  return (now = Date.now()) => {
    if (last && now - last.at < 1_000) return last.run;
    const run = compute(now);
    last = { at: now, run };
    run.catch(() => {
      if (last?.run === run) last = undefined;
    });
    return run;
  };
}
