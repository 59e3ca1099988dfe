// A child of the server at the lowest CPU priority (server/media-processor.ts); bundled as build/media-worker.js.
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
process.on("disconnect", () => process.exit(0));
