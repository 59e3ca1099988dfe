import type { GalleryId, GalleryImage } from "./galleries";
import manifest from "./gallery-manifest.json";

/** The generated manifest, read on the server only: each page's loader passes just its own
 * gallery to the browser instead of shipping all of them in the JavaScript bundle. */
export const GALLERIES: Record<GalleryId, readonly GalleryImage[]> = manifest;
