// The kill -9 promise under group commit (docs/decisions/0028-group-commit.md): visitors keep
// posting while the server is killed, so commits are in flight when it dies.
import { expect, test } from "@playwright/test";
import { scaled } from "../time-scale";
import { outboxCommand, postEnquiry, startServer, workspace } from "./server";

const VISITORS = 16;

test('kill -9 in the middle of a burst: every enquiry answered "sent" is in the database, none twice', async () => {
  test.setTimeout(scaled(30_000));
  const place = workspace();
  const server = await startServer(3191, {}, place);
  const sent: string[] = [];
  let cut = 0;
  const visitors = Array.from({ length: VISITORS }, async (_, v) => {
    for (let n = 0; ; n++) {
      const message = `Visitor ${v}, enquiry ${n}`;
      try {
        if ((await postEnquiry(server.base, message)) === 302) sent.push(message);
      } catch {
        cut++; // the connection died with the server: the visitor was told nothing
        return;
      }
      if (sent.length >= VISITORS) server.child.kill("SIGKILL");
    }
  });
  await Promise.all(visitors);
  await server.exited;
  expect(cut).toBe(VISITORS);

  // Read by a new process, as the next start would: SQLite recovers its log on opening.
  const listed = outboxCommand(place.database, "list", "--json");
  expect(listed.status).toBe(0);
  const stored = listed.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { enquiry: { message: string } }).enquiry.message);
  const counts = new Map<string, number>();
  for (const message of stored) counts.set(message, (counts.get(message) ?? 0) + 1);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  expect(sent.filter((message) => !counts.has(message))).toEqual([]);
  expect(stored.length).toBeLessThanOrEqual(sent.length + VISITORS);
});
