// React runs after the visitor's first move, seconds later on a slow phone: what the visitor did before must stand.
// The modules are held until let go, then run 4× slower (only then: a throttled renderer spins a core, even idle).
import { expect, test, type CDPSession, type Page } from "@playwright/test";
import { TOAST_MS } from "../../app/components/toast-timing";
import { fillForm, toast } from "./enquiry-helpers";
import { scaled } from "./time-scale";

let letScriptsGo = () => {};
let cpu: CDPSession;

async function holdScripts(page: Page) {
  cpu = await page.context().newCDPSession(page);
  const held = new Promise<void>((resolve) => (letScriptsGo = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]");

async function serverToast(page: Page) {
  await page.goto("/contact");
  await fillForm(page, { name: "Ivana" });
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(toast(page)).toBeVisible();
  await expect(toast(page)).toContainText("Please fill out all the form fields.");
  await expect(hydrated(page)).toHaveCount(0);
}

async function afterHydration(page: Page, cpuRate = 4) {
  await cpu.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
  letScriptsGo();
  await expect(hydrated(page)).toHaveCount(1, { timeout: scaled(15_000) });
  await cpu.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await page.waitForTimeout(500);
}

test.beforeEach(async ({ page }) => holdScripts(page));

test("the toast's close button closes it at the first click, and React does not bring it back", async ({ page }) => {
  await serverToast(page);
  await page.getByLabel("Close notification").click();
  await expect(toast(page)).toBeHidden();
  await afterHydration(page);
  await expect(toast(page)).toBeHidden();
});

test("a first click elsewhere closes the toast before React runs, and it stays closed", async ({ page }) => {
  await serverToast(page);
  await page.getByRole("heading", { level: 1 }).click();
  await expect(toast(page)).toBeHidden();
  await expect(hydrated(page)).toHaveCount(0); // closed by the page itself, not by React
  await afterHydration(page);
  await expect(toast(page)).toBeHidden();
});

test("Escape as the first key closes the toast, and it stays closed", async ({ page }) => {
  await serverToast(page);
  await page.keyboard.press("Escape");
  await expect(toast(page)).toBeHidden();
  await afterHydration(page);
  await expect(toast(page)).toBeHidden();
});

test("a toast that timed out before React ran does not come back when it does", async ({ page }) => {
  await serverToast(page);
  await expect(toast(page)).toBeHidden({ timeout: TOAST_MS + scaled(2_000) }); // by CSS
  await page.mouse.move(10, 10); // the first move: React is fetched and runs
  await afterHydration(page);
  await expect(toast(page)).toBeHidden();
});

test("a toast still showing when React runs keeps the rest of its 6 s, and closes on a later click", async ({
  page,
}) => {
  await serverToast(page);
  await page.mouse.move(10, 10);
  // The toast's 6 s are the product's clock: React runs at full speed so it arrives within them on a busy machine.
  await afterHydration(page, 1);
  const shownFor = await page.evaluate(() => performance.now() - (window.__toastBeforeReact?.shownAt ?? NaN));
  expect(shownFor).toBeGreaterThan(0);
  if (shownFor > TOAST_MS - 1_500) {
    await expect(toast(page)).toBeHidden();
    return;
  }
  await expect(toast(page)).toBeVisible({ timeout: scaled(500) });
  await page.getByRole("heading", { level: 1 }).click();
  await expect(toast(page)).toHaveCount(0);
});

test("what the visitor typed before React ran is what the form holds after", async ({ page }) => {
  await serverToast(page);
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Name").fill("Ivana Kovač");
  await form.getByLabel("E-mail").fill("ivana@example.com");
  await form.getByLabel("Category").selectOption("Concierge services");
  await form.getByLabel("Message").fill("A boat for ten on Saturday");
  await expect(hydrated(page)).toHaveCount(0);
  await afterHydration(page);
  await expect(form.getByLabel("Name")).toHaveValue("Ivana Kovač");
  await expect(form.getByLabel("E-mail")).toHaveValue("ivana@example.com");
  await expect(form.getByLabel("Category")).toHaveValue("Concierge services");
  await expect(form.getByLabel("Message")).toHaveValue("A boat for ten on Saturday");
});

test("the menu opened before React ran stays open after", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: /menu/i }).first().click();
  const menu = page.getByRole("navigation", { name: /menu/i }).or(page.locator("[popover]:popover-open"));
  await expect(menu.first()).toBeVisible();
  await afterHydration(page);
  await expect(menu.first()).toBeVisible();
});
