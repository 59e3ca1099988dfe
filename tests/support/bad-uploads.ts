import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** The files a hostile or careless upload brings, made here so every test has the same ones. */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of a few KB whose header claims 20,000 × 20,000 pixels (400 megapixels): its one IDAT
 * holds the first rows' zeros, compressed. A decoder that believed it would allocate 400 MB. */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc((side + 1) * 200), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(document.cookie)</script><rect width="400" height="300" fill="red"/></svg>\n',
  );

/** A small photo-like JPEG (noise, so it compresses as photos do). */
export async function smallJpeg(width = 640, height = 480): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 50 }, background: "#000" },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A real JPEG with an HTML page after its end: opened as HTML it would run its script. */
export async function jpegWithHtml(): Promise<Buffer> {
  return Buffer.concat([
    await smallJpeg(),
    Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>\n"),
  ]);
}

/** A JPEG cut in the middle (an upload that stopped, a damaged file). */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await smallJpeg();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** Not an image at all, whatever its name says ("photo.jpg"): a text file. */
export const textRenamedJpg = () => Buffer.from("These are my notes for Saturday's party, not a photo.\n".repeat(20));
