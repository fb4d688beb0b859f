import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { DESKTOP, PHONE, useBrowser } from "./browser";

const browser = useBrowser();

describe("the navigation shell", () => {
  it("redirects / to /home and serves deep links through the SPA fallback", async () => {
    const { context, page } = await browser.open();
    await page.goto("/");
    await page.waitForURL("**/home");
    const response = await page.goto("/some/unknown/page");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL("**/home");
    await context.close();
  });

  it("sends security headers with the HTML and with the API", async () => {
    const html = await fetch(`${browser.baseUrl}/home`);
    expect(html.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(html.headers.get("x-content-type-options")).toBe("nosniff");
    expect(html.headers.get("referrer-policy")).toBeTruthy();
    expect(html.headers.get("strict-transport-security")).toContain("max-age");
    const api = await fetch(`${browser.baseUrl}/api/nope`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: { code: "not_found", message: "Page not found" } });
  });

  it("warms the first four routes' code once the page has loaded, without running their guards", async () => {
    const { context, page } = await browser.open(PHONE);
    const chunks: string[] = [];
    page.on("request", (request) => {
      const chunk = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(request.url())?.[1];
      if (chunk) chunks.push(chunk);
    });
    await page.goto("/home");
    // The warm-up waits for the browser to be idle, which a loaded machine delays.
    await expect
      .poll(() => ["leaderboard", "activity", "rewards", "picks"].filter((route) => !chunks.includes(route)), {
        timeout: 10_000,
      })
      .toEqual([]);
    // A visitor's /rewards and /picks guards redirect to /auth: running them would pull in the sign-in form.
    expect(chunks).not.toContain("auth");
    expect(new URL(page.url()).pathname).toBe("/home");
    await context.close();
  });

  it("lays out a desktop: header, no bottom bar, footer only after scrolling past 50 px", async () => {
    const { context, page } = await browser.open(DESKTOP);
    await page.goto("/terms-of-service");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect(page.getByTestId("bottom-nav").isVisible()).resolves.toBe(false);
    const footer = page.getByTestId("site-footer");
    await expect(footer.getAttribute("data-visible")).resolves.toBe("false");
    await page.mouse.wheel(0, 400);
    await expect.poll(() => footer.getAttribute("data-visible")).toBe("true");
    const box = await footer.boundingBox();
    expect(box?.height).toBe(48);
    await footer.getByRole("button", { name: "Contact us" }).waitFor();
    await context.close();
  });

  it("lays out a phone: 56 px bottom bar with a More menu listing the visitor entries", async () => {
    const { context, page } = await browser.open(PHONE);
    await page.goto("/home");
    const nav = page.getByTestId("bottom-nav");
    await nav.waitFor();
    expect((await nav.boundingBox())?.height).toBe(56);
    await expect(page.getByTestId("site-footer").isVisible()).resolves.toBe(false);
    await nav.getByRole("button", { name: "More" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    const width = (await menu.boundingBox())?.width ?? 0;
    expect(Math.abs(width - PHONE.width * 0.85)).toBeLessThan(2);
    for (const entry of [
      "Referrals",
      "Free Credits",
      "How it works",
      "Contact Us",
      "Terms of Service",
      "Privacy Policy",
      "Log in",
      "Sign Up",
    ]) {
      await menu.getByText(entry, { exact: true }).first().waitFor();
    }
    await expect(menu.getByText("Log out").count()).resolves.toBe(0);
    await context.close();
  });

  it("hides the header and bottom bar on /auth, and the bottom bar on legal pages", async () => {
    const { context, page } = await browser.open(PHONE);
    await page.goto("/auth?mode=login");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect(page.getByRole("banner").count()).resolves.toBe(0);
    await expect(page.getByTestId("bottom-nav").count()).resolves.toBe(0);
    await page.goto("/privacy-policy");
    await page.getByRole("banner").waitFor();
    await expect(page.getByTestId("bottom-nav").count()).resolves.toBe(0);
    await context.close();
  });

  it("keeps the chosen theme across reloads", async () => {
    const { context, page } = await browser.open(PHONE);
    await page.goto("/home");
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    await expect(isDark()).resolves.toBe(false);
    await page.getByTestId("bottom-nav").getByRole("button", { name: "More" }).click();
    await page.getByRole("radio", { name: "Dark" }).click();
    await expect.poll(isDark).toBe(true);
    await page.reload();
    await expect.poll(isDark).toBe(true);
    await expect(page.evaluate(() => localStorage.getItem("ui-theme"))).resolves.toBe("dark");
    await context.close();
  });

  it("sends the contact form, shows the sent state and closes after 2 s", async () => {
    const { context, page } = await browser.open(PHONE);
    await page.goto("/home");
    await page.getByTestId("bottom-nav").getByRole("button", { name: "More" }).click();
    await page.getByRole("button", { name: "Contact Us" }).click();
    const dialog = page.getByRole("dialog", { name: "Contact Us" });
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await dialog.getByText("Name is required").waitFor();
    await dialog.getByLabel("Name").fill("Robin");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Subject").fill("Question about picks");
    await dialog.getByLabel("Message").fill("How do streaks work?");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await dialog.getByText("Please enter a valid email address").waitFor();
    await dialog.getByLabel("Email").fill("robin@example.com");
    const sent = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    expect((await sent).status()).toBe(201);
    await dialog.getByText("Your message has been sent").waitFor();
    await dialog.waitFor({ state: "detached", timeout: 4000 });
    await context.close();
  });

  it("has no serious or critical accessibility violations on home and the legal pages", async () => {
    const { context, page } = await browser.open(DESKTOP);
    for (const path of ["/home", "/terms-of-service", "/privacy-policy", "/data-deletion"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    await context.close();
  });
});
