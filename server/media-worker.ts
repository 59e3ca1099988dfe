// The owner's photos are processed here, in a child of the server started at the lowest CPU
// priority (server/media-processor.ts): the kernel then gives the server's own thread the cores
// first, and a batch of uploads cannot slow the pages. Bundled as build/media-worker.js. One
// message in, one out: the upload's bytes and the pixel bound; the encodings, or the error.
import sharp from "sharp";
import { processPhoto } from "~/site/process-photo.server";

sharp.concurrency(1);

type Job = { id: number; bytes: Uint8Array; maxPixels: number };

process.on("message", (job: Job) => {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  processPhoto(bytes, { maxPixels: job.maxPixels }).then(
    (result) => process.send?.({ id: job.id, ok: true, result }),
    (error: unknown) => process.send?.({ id: job.id, ok: false, error: String(error).slice(0, 300) }),
  );
});
// The server went away: nothing to do here any more.
process.on("disconnect", () => process.exit(0));
