import type { Translations } from "./translations";

/** The banner over the public pages while the owner previews the draft: its own small module,
 * since every public page's bundle carries the root's texts (the Site section's are in site.ts). */
const en = {
  banner: "Preview: this is the draft, not what visitors see yet.",
  back: "Back to the Site section",
  end: "End preview",
};
const hr: typeof en = {
  banner: "Pregled: ovo je nacrt, a ne ono što posjetitelji već vide.",
  back: "Natrag u odjeljak Stranica",
  end: "Završi pregled",
};
export const PREVIEW: Translations<typeof en> = { en, hr };
