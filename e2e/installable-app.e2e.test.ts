import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import { signInNewPlayer } from "./accounts";
import { CHROMIUM_ARGS, chromePath, DESKTOP, PHONE, useBrowser } from "./browser";
import { startNextDeployProxy } from "./next-deploy-proxy";

const browser = useBrowser();

type Manifest = {
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

/** Marks the page's document, so a test can tell a move inside the app from a new page load. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const isSameDocument = (page: Page) => page.evaluate(() => "sameDocument" in window);

/** Waits until the page's service worker is active, then reloads so that it serves the page. */
const installServiceWorker = async (page: Page) => {
  await page.goto("/home");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
};

describe("the installable app", () => {
  it("links a manifest whose icons all answer as PNGs, maskable ones included", async () => {
    const { context, page } = await browser.open(DESKTOP, { serviceWorker: true });
    await page.goto("/home");
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    const appleIconHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(manifestHref).toBe("/manifest.webmanifest");

    const response = await fetch(new URL(manifestHref ?? "", browser.baseUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/manifest+json");
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ start_url: "/home", display: "standalone" });
    expect(manifest.icons.filter((icon) => icon.purpose === "maskable").length).toBeGreaterThan(0);

    for (const src of [...manifest.icons.map((icon) => icon.src), appleIconHref ?? "missing apple-touch-icon"]) {
      const icon = await fetch(new URL(src, browser.baseUrl));
      expect([icon.status, icon.headers.get("content-type")], src).toEqual([200, "image/png"]);
      await icon.arrayBuffer();
    }
    await context.close();
  });

  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)("is installable as Chromium itself judges it, on %s", async (_device, viewport) => {
    // A profile on disk: Chromium offers no install in an off-the-record one, which is what a Playwright context is.
    const profile = mkdtempSync(join(tmpdir(), "pickstreak-install-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath(),
      args: CHROMIUM_ARGS,
      viewport,
      baseURL: browser.baseUrl,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await installServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send("Page.getAppManifest");
      expect(manifest.url).toBe(`${browser.baseUrl}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it("has the service worker and the manifest checked again on every load, and allows both in the page's policy", async () => {
    for (const path of ["/sw.js", "/manifest.webmanifest"]) {
      const response = await fetch(`${browser.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-cache");
      await response.arrayBuffer();
    }
    const page = await fetch(`${browser.baseUrl}/home`);
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
    await page.arrayBuffer();
  });

  it("is served by its service worker, opens offline on its shell and comes back when the network does", async () => {
    const { context, page } = await browser.open(PHONE, { serviceWorker: true });
    expect(await installServiceWorker(page)).toBe(`${browser.baseUrl}/sw.js`);
    const banner = page.getByTestId("offline-banner");
    await page.getByTestId("question-card").first().waitFor();
    await expect(banner.textContent()).resolves.toBe("");

    await context.setOffline(true);
    await page.reload();
    await banner.getByText("You're offline.").waitFor();
    // The app's own page and shell, not the browser's error page.
    await page.getByRole("link", { name: "Pickstreak home" }).waitFor();
    await page.getByTestId("bottom-nav").waitFor();
    await page.getByText("Questions need a connection").waitFor();
    await expect(page.getByTestId("question-card").count()).resolves.toBe(0);
    // Another page of the app opens offline too: its code is precached.
    await page.getByTestId("bottom-nav").getByRole("link", { name: "Standings" }).click();
    await page.getByRole("heading", { level: 1 }).first().waitFor();

    await page.getByTestId("bottom-nav").getByRole("link", { name: "Home" }).click();
    await context.setOffline(false);
    await banner.getByText("You're offline.").waitFor({ state: "detached" });
    await page.getByTestId("question-card").first().waitFor();
    await context.close();
  });

  it("says what needs a connection when a signed-in page or a list is opened offline with nothing loaded yet", async () => {
    const { context, page } = await browser.open(PHONE, { serviceWorker: true });
    await signInNewPlayer(page, browser.baseUrl, "offline");
    await installServiceWorker(page);

    // Nothing loaded yet: the pages the device keeps from the sign-in's visit of /home are forgotten first.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          indexedDB.deleteDatabase("pickstreak").onsuccess = resolve;
        }),
    );
    await context.setOffline(true);
    // Each load is a cold start: no session and no data in memory. A signed-in page waits in its guard for the session.
    await page.goto("/picks");
    await page.getByText("This page needs a connection").waitFor();
    await page.getByTestId("bottom-nav").waitFor();
    await page.reload();
    await page.getByText("This page needs a connection").waitFor();
    await page.goto("/leaderboard");
    await page.getByRole("heading", { name: "Standings" }).waitFor();
    await page.getByText("Standings need a connection").waitFor();
    await expect(page.getByText("Loading...").count()).resolves.toBe(0);
    await page.goto("/activity");
    await page.getByText("Activity needs a connection").waitFor();
    await page.goto("/gift-cards");
    await page.getByText("Gift cards need a connection").waitFor();

    // The page opens by itself once the network is back.
    await page.goto("/picks");
    await page.getByText("This page needs a connection").waitFor();
    await context.setOffline(false);
    await page.getByRole("heading", { name: "My Picks" }).waitFor();
    await page.getByText("You have not made any picks yet").waitFor();
    await expect(page.getByTestId("offline-notice").count()).resolves.toBe(0);
    await context.close();
  });

  it("keeps a signed-in player's balance and the pages they opened when the network goes", async () => {
    const { context, page } = await browser.open(PHONE, { serviceWorker: true });
    await signInNewPlayer(page, browser.baseUrl, "kept");
    await installServiceWorker(page);
    await page.getByTestId("question-card").first().waitFor();
    // The pages are kept a moment after they load: wait until the device holds each before leaving it.
    const keptPages = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const opening = indexedDB.open("pickstreak", 1);
            opening.onsuccess = () => {
              const request = opening.result.transaction("query-cache").objectStore("query-cache").get("last");
              request.onsuccess = () => {
                const kept = request.result as { state: { queries: { queryKey: unknown[] }[] } } | undefined;
                resolve(kept?.state.queries.map((query) => String(query.queryKey[0])) ?? []);
                opening.result.close();
              };
            };
            opening.onerror = () => resolve([]);
          }),
      );
    await page.goto("/leaderboard");
    await page.getByTestId("leaderboard-row").or(page.getByText("No standings yet")).first().waitFor();
    await expect.poll(keptPages).toEqual(expect.arrayContaining(["me", "questions", "leaderboard"]));
    await page.goto("/picks");
    await page.getByText("You have not made any picks yet").waitFor();
    await expect.poll(keptPages).toEqual(expect.arrayContaining(["me", "questions", "leaderboard", "picks"]));

    await context.setOffline(true);
    await page.goto("/home");
    const pill = page.getByTestId("credits-pill");
    await expect.poll(() => pill.getAttribute("aria-label")).toMatch(/^\d+ credits, last known \(offline\)$/);
    await page.getByTestId("question-card").first().waitFor();
    await expect(page.getByRole("link", { name: "Log in" }).count()).resolves.toBe(0);
    await page.getByTestId("bottom-nav").getByRole("link", { name: "Standings" }).click();
    await page.getByRole("heading", { name: "Standings" }).waitFor();
    await expect(page.getByText("Standings need a connection").count()).resolves.toBe(0);
    await page.goto("/picks");
    await page.getByText("You have not made any picks yet").waitFor();
    await context.setOffline(false);
    await expect.poll(() => pill.getAttribute("aria-label")).toMatch(/^\d+ credits$/);
    await context.close();
  });

  it("takes each open tab's next link into a new build once its service worker is waiting", async () => {
    const front = await startNextDeployProxy(browser.baseUrl);
    onTestFinished(front.close);
    const { context, page } = await browser.open(PHONE, { serviceWorker: true, baseUrl: front.url });
    await installServiceWorker(page);
    const other = await context.newPage();
    await other.goto("/activity");
    await Promise.all([markDocument(page), markDocument(other)]);

    front.deploy();
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            await registration?.update();
            return Boolean(registration?.waiting);
          }),
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    // Until the player moves on, nothing happens to the page in front of them.
    await expect(isSameDocument(page)).resolves.toBe(true);

    await page.getByTestId("bottom-nav").getByRole("link", { name: "Standings" }).click();
    await expect.poll(() => isSameDocument(page).catch(() => true), { timeout: 30_000 }).toBe(false);
    await page.getByRole("heading", { name: "Standings" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/leaderboard");
    await expect(
      page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).resolves.toBe(false);

    // The other tab now runs the old build under the new worker: its next link loads the page afresh as well.
    await expect(isSameDocument(other)).resolves.toBe(true);
    await other.getByTestId("bottom-nav").getByRole("link", { name: "Home" }).click();
    await expect.poll(() => isSameDocument(other).catch(() => true), { timeout: 30_000 }).toBe(false);
    await other.getByTestId("question-card").first().waitFor();
    await context.close();
  });

  it("moves inside the app, back and forth, while no new build is waiting", async () => {
    const { context, page } = await browser.open(PHONE, { serviceWorker: true });
    await installServiceWorker(page);
    await markDocument(page);
    await page.getByTestId("bottom-nav").getByRole("link", { name: "Standings" }).click();
    await page.getByRole("heading", { name: "Standings" }).waitFor();
    await page.goBack();
    await page.getByTestId("question-card").first().waitFor();
    await expect(isSameDocument(page)).resolves.toBe(true);
    await context.close();
  });

  it("follows the chosen theme in the browser's theme colour", async () => {
    const { context, page } = await browser.open(PHONE, { serviceWorker: true });
    await context.addInitScript(() => localStorage.setItem("ui-theme", "dark"));
    await page.goto("/home");
    const themeColor = () => page.locator('meta[name="theme-color"]').getAttribute("content");
    await expect(themeColor()).resolves.toBe("#020617");
    await page.getByTestId("bottom-nav").getByRole("button", { name: "More" }).click();
    await page.getByRole("radio", { name: "Light" }).click();
    await expect.poll(themeColor).toBe("#ffffff");
    await context.close();
  });
});
