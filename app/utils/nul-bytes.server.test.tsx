import { PassThrough } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutNulBytes } from "./nul-bytes.server";

const streamed = (element: React.ReactElement) =>
  new Promise<Buffer>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const out = new PassThrough();
        const chunks: Buffer[] = [];
        out.on("data", (c: Buffer) => chunks.push(c));
        out.on("end", () => resolve(Buffer.concat(chunks)));
        pipe(out);
      },
      onShellError: reject,
    });
  });

describe("a streamed page's bytes", () => {
  it("are the page's text, whatever multi-byte text crosses the stream's buffers", async () => {
    // Shifted a byte at a time, so characters of two, three and four bytes each meet a buffer's end.
    for (let shift = 0; shift < 8; shift++) {
      const page = (
        <ul>
          {Array.from({ length: 40 }, (_, i) => (
            <li key={i}>{"x".repeat(shift) + "Večer na jahti, вечеринка на яхте 🎉 ".repeat(3) + i}</li>
          ))}
        </ul>
      );
      const bytes = withoutNulBytes(await streamed(page));
      expect(bytes.includes(0)).toBe(false);
      expect(bytes.toString("utf8")).toBe(renderToString(page));
    }
  });

  it("keep every other byte, in order", () => {
    const text = Buffer.from("a\0b\0\0č🎉\0", "utf8");
    expect(withoutNulBytes(text).toString("utf8")).toBe("abč🎉");
    const clean = Buffer.from("nothing to drop");
    expect(withoutNulBytes(clean)).toBe(clean);
  });
});
