import { constants, type Stats } from "node:fs";
import { open } from "node:fs/promises";

/** An error as a short code ("EROFS", "ENOSPC"…), never its message: messages name paths, and
 * these codes reach the public /healthz. */
export const errnoCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code ?? "error";

export type FileRead =
  | { ok: true; text: string }
  /** `missing`: gone since it was listed (moved by another process), not a problem. */
  | { ok: false; missing?: true; reason: string };

// Never follow a link, never block on a FIFO or a device: the outbox volume is not trusted to
// hold only what this server wrote there.
const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

const kind = (info: Stats) =>
  info.isDirectory()
    ? "a folder"
    : info.isFIFO()
      ? "a FIFO"
      : info.isSocket()
        ? "a socket"
        : info.isCharacterDevice() || info.isBlockDevice()
          ? "a device"
          : "not a regular file";

/** Reads a small regular file, or says in a few words why it will not: a link, a FIFO, a
 * folder, a file with other hard links (it would be someone else's file), too large. Errors
 * of the process itself (out of file descriptors) are thrown: they are nobody's file's fault. */
export async function readRegularFile(file: string, maxBytes: number): Promise<FileRead> {
  let handle;
  try {
    handle = await open(file, FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ENOENT") return { ok: false, missing: true, reason: "gone" };
    if (code === "EMFILE" || code === "ENFILE" || code === "ENOMEM") throw error;
    if (code === "ELOOP") return { ok: false, reason: "a symbolic link (never followed)" };
    if (code === "ENXIO") return { ok: false, reason: "a socket" };
    return { ok: false, reason: `cannot be opened (${code})` };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, reason: kind(info) };
    if (info.nlink > 1) return { ok: false, reason: "a hard link (the file has other names)" };
    if (info.size > maxBytes) return { ok: false, reason: `larger than ${maxBytes} bytes` };
    // Read at most one byte more than allowed, in case it grows while being read.
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) return { ok: false, reason: `larger than ${maxBytes} bytes` };
    }
    return { ok: true, text: buffer.toString("utf8", 0, length) };
  } catch (error) {
    return { ok: false, reason: `cannot be read (${errnoCode(error)})` };
  } finally {
    await handle.close();
  }
}
