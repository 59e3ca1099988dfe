// Each page compressed once, off the event loop; a page with the contact form once a second, on it (decision 0049).
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";
export type Variant = { headers: string[]; body: Buffer };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliAt = (quality: number, bytes: number) => ({
  params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes },
});

export function compressFully(plain: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "br") return brotli(plain, brotliAt(11, plain.length));
  return encoding === "gzip" ? gzipAsync(plain, { level: 9 }) : Promise.resolve(plain);
}

/** About a millisecond for the contact page (brotli 11 took 55), within 10 % of its size. */
function compressQuickly(plain: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") return brotliCompressSync(plain, brotliAt(6, plain.length));
  return encoding === "gzip" ? gzipSync(plain, { level: 9 }) : plain;
}

/** One copy per encoding per second the page is asked for, made by that second's first answer: its time is the
 * second's start, never later than the answer (the "too fast" rule forgives an older form, never a newer one). */
export function stampedCopies(
  stampAt: (atMs: number) => string,
  variantOf: (body: Buffer, encoding: Encoding) => Variant,
  now: () => number = Date.now,
) {
  const ready = new Map<Encoding, { second: number; variant: Variant }>();
  return function answerIn(encoding: Encoding): Variant {
    const second = Math.floor(now() / 1000);
    const copy = ready.get(encoding);
    if (copy?.second === second) return copy.variant;
    const variant = variantOf(compressQuickly(Buffer.from(stampAt(second * 1000)), encoding), encoding);
    ready.set(encoding, { second, variant });
    return variant;
  };
}
