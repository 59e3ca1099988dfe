import { randomInt } from "node:crypto";
import { REFERENCE_ALPHABET as ALPHABET } from "~/content/reference";
import type { Queryable } from "./sql.server";

export function newReference(): string {
  let text = "";
  for (let i = 0; i < 8; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return `${text.slice(0, 4)}-${text.slice(4)}`;
}

export function normalizeReference(input: string): string | undefined {
  const text = input.toUpperCase().replace(/[\s-]/g, "");
  if (text.length !== 8 || [...text].some((c) => !ALPHABET.includes(c))) return undefined;
  return `${text.slice(0, 4)}-${text.slice(4)}`;
}

export function distinctReferences(count: number): string[] {
  const references = new Set<string>();
  while (references.size < count) references.add(newReference());
  return [...references];
}

export async function freeReference(q: Queryable): Promise<string> {
  for (;;) {
    const reference = newReference();
    const taken = await q.all("SELECT 1 FROM enquiries WHERE reference = $1", [reference]);
    if (taken.length === 0) return reference;
  }
}
