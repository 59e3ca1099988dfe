import { randomInt } from "node:crypto";
import type { Queryable } from "./sql.server";

/** An enquiry's reference, what the visitor is told and may read out on the phone: eight
 * characters in two groups (`K7QX-M4TP`) from an alphabet without the look-alikes 0/O, 1/I/L and
 * U/V (29 symbols: about 5 × 10¹¹ references), random, unique in the database. */
const ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ23456789";

export function newReference(): string {
  let text = "";
  for (let i = 0; i < 8; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return `${text.slice(0, 4)}-${text.slice(4)}`;
}

/** A reference as someone typed or read it (case, spaces and the dash do not matter), or
 * undefined when it cannot be one. */
export function normalizeReference(input: string): string | undefined {
  const text = input.toUpperCase().replace(/[\s-]/g, "");
  if (text.length !== 8 || [...text].some((c) => !ALPHABET.includes(c))) return undefined;
  return `${text.slice(0, 4)}-${text.slice(4)}`;
}

/** A reference no enquiry has yet (asked inside the accepting transaction). */
export async function freeReference(q: Queryable): Promise<string> {
  for (;;) {
    const reference = newReference();
    const taken = await q.all("SELECT 1 FROM enquiries WHERE reference = $1", [reference]);
    if (taken.length === 0) return reference;
  }
}
