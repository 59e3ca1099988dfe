import type { PageId } from "./pages";

export const OG_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;
export const ogImagePath = (id: PageId) => `/og/${id}.jpg`;

export const THEME_COLOR = "#07070d";
