// A freshly started server's address polled every 100 ms until it answers 2xx, or `tries` run out.
export async function untilAnswering(url: string, tries: number, exited: () => boolean = () => false): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (exited()) throw new Error("The server exited while starting.");
    await new Promise((r) => setTimeout(r, 100));
  }
}
