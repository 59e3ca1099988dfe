// Judged by bytes, never name or declared type: a polyglot (a JPEG with an HTML page after its end) or a cut file is
// refused before any decoder sees it. Uploads are re-encoded anyway; this makes the refusal clear and immediate.
export type Sniffed =
  | { kind: "jpeg" | "png" | "webp" | "avif" }
  | { kind: "heic" }
  | { kind: "markup" }
  | { kind: "other-image" }
  | { kind: "unknown" };

export function sniff(bytes: Buffer): Sniffed {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: "jpeg" };
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { kind: "png" };
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return { kind: "webp" };
  if (bytes.toString("latin1", 4, 8) === "ftyp") {
    const size = Math.min(bytes.length, Math.max(16, bytes.readUInt32BE(0)));
    const brands = [bytes.toString("latin1", 8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(bytes.toString("latin1", at, at + 4));
    if (brands.some((b) => b === "avif" || b === "avis")) return { kind: "avif" };
    if (brands.some((b) => /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(b))) return { kind: "heic" };
    return { kind: "other-image" };
  }
  if (/^(GIF8|II\*\0|MM\0\*|BM)/.test(bytes.toString("latin1", 0, 4))) return { kind: "other-image" };
  // SVG, HTML, XML: text starting with a tag (after a byte-order mark or white space).
  if (/^(\uFEFF|\xEF\xBB\xBF)?\s*</.test(bytes.toString("latin1", 0, 512))) return { kind: "markup" };
  return { kind: "unknown" };
}

export type Ending = "whole" | "truncated" | "trailing";

export function ending(kind: "jpeg" | "png" | "webp" | "avif", bytes: Buffer): Ending {
  const end =
    kind === "jpeg"
      ? jpegEnd(bytes)
      : kind === "png"
        ? pngEnd(bytes)
        : kind === "webp"
          ? webpEnd(bytes)
          : boxesEnd(bytes);
  if (end === undefined || end > bytes.length) return "truncated";
  // Zeros after the end are padding some cameras write; anything else is another file.
  for (let i = end; i < bytes.length; i++) if (bytes[i] !== 0) return "trailing";
  return "whole";
}

/** Walks the segments, so an embedded thumbnail's own end marker is skipped with its segment. */
function jpegEnd(b: Buffer): number | undefined {
  let at = 2;
  while (at + 2 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    let marker = b[at + 1]!;
    while (marker === 0xff && at + 2 < b.length) marker = b[++at + 1]!; // fill bytes
    if (marker === 0xd9) return at + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > b.length) return undefined;
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    at += 2 + length;
    if (marker !== 0xda) continue;
    // Entropy-coded data: up to the next marker that is not a stuffed byte or a restart. From 0xFF to 0xFF with
    // indexOf (memchr): a byte at a time in JavaScript held the server's loop for 200 ms on a 30 MB photo.
    while (at + 1 < b.length) {
      const ff = b.indexOf(0xff, at);
      if (ff === -1 || ff + 1 >= b.length) {
        at = Math.max(at, b.length - 1);
        break;
      }
      at = ff;
      const next = b[at + 1]!;
      if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
      at += next === 0xff ? 1 : 2;
    }
  }
  return undefined;
}

function pngEnd(b: Buffer): number | undefined {
  let at = 8;
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString("latin1", at + 4, at + 8);
    at += 12 + length;
    if (type === "IEND") return at;
  }
  return undefined;
}

function webpEnd(b: Buffer): number | undefined {
  if (b.length < 12) return undefined;
  const size = b.readUInt32LE(4);
  return 8 + size + (size % 2);
}

const TOP_LEVEL_BOXES = new Set([
  "ftyp",
  "meta",
  "mdat",
  "moov",
  "free",
  "skip",
  "uuid",
  "wide",
  "pdin",
  "moof",
  "mfra",
  "styp",
  "sidx",
  "emsg",
  "prft",
  "ssix",
  "jumb",
]);

/** AVIF (ISO base media): top-level boxes, one after another, to the end. */
function boxesEnd(b: Buffer): number | undefined {
  let at = 0;
  while (at + 8 <= b.length) {
    // After the first box, one of a type the top level never holds is something else appended.
    if (at > 0 && !TOP_LEVEL_BOXES.has(b.toString("latin1", at + 4, at + 8))) return at;
    let size = b.readUInt32BE(at);
    if (size === 1) {
      if (at + 16 > b.length) return undefined;
      size = Number(b.readBigUInt64BE(at + 8));
    } else if (size === 0) return b.length;
    if (size < 8) return undefined;
    at += size;
  }
  return at === b.length ? at : at > b.length ? undefined : at;
}
