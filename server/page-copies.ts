// Each page compressed once, off the event loop; a page with the contact form once a second (decision 0037).
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";
export type Variant = { headers: string[]; body: Buffer };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function compressFully(plain: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "br")
    return brotli(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length } });
  return encoding === "gzip" ? gzipAsync(plain, { level: 9 }) : Promise.resolve(plain);
}

/** A served time is at most this much earlier, never later: the "too fast" rule forgives an older form. */
const STAMP_SERVED_FOR_MS = 2_000;

/** One compression per encoding per second the page is asked for, whatever the number of answers. */
export function stampedCopies(
  stampAt: (atMs: number) => string,
  variantOf: (body: Buffer, encoding: Encoding) => Variant,
  now: () => number = Date.now,
) {
  const ready = new Map<Encoding, { second: number; variant: Variant }>();
  const making = new Map<Encoding, Promise<Variant>>();

  function make(encoding: Encoding, second: number): Promise<Variant> {
    const made = compressFully(Buffer.from(stampAt(second * 1000)), encoding)
      .then((body) => {
        const variant = variantOf(body, encoding);
        if ((ready.get(encoding)?.second ?? -Infinity) < second) ready.set(encoding, { second, variant });
        return variant;
      })
      .finally(() => making.delete(encoding));
    making.set(encoding, made);
    return made;
  }

  return function answerIn(encoding: Encoding): Variant | Promise<Variant> {
    const at = now();
    const second = Math.floor(at / 1000);
    const copy = ready.get(encoding);
    if (copy?.second === second) return copy.variant;
    const next = making.get(encoding) ?? make(encoding, second);
    return copy && at - copy.second * 1000 <= STAMP_SERVED_FOR_MS ? copy.variant : next;
  };
}
