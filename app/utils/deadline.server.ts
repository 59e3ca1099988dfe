/** `work`, or a rejection with code ETIMEDOUT once `ms` have passed: for answers that must not
 * wait on a database that has stopped answering (/healthz, the shared rate limit). The work
 * itself goes on; its outcome is simply not waited for. */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: "ETIMEDOUT" })), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
