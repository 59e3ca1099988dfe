import { loadLater } from "~/utils/load-later.server";

/** libvips takes about 0.18 CPU-s to load: a server pays it at its first upload, not at every start. One thread, in
 * the server and the media child alike: a big upload takes one core and leaves the other to the pages. */
export const loadSharp = loadLater(() =>
  import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  }),
);
