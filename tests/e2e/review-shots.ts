import type { Page } from "@playwright/test";

// Only when asked (docs/scripts.md, E2E_SHOTS): sixteen full pages cost CPU and check nothing.
export async function reviewShot(page: Page, name: string, { fullPage = true } = {}) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `screenshots/e2e/${name}.png`, fullPage });
}
