import { describe, expect, inject, it } from "vitest";
import { useBrowser } from "./browser";

type ReceivedEvent = { release?: string; exception?: { values: { value?: string }[] }; raw: string };

const errorReportsUrl = inject("errorReportsUrl");
const received = async () => (await (await fetch(`${errorReportsUrl}/control/events`)).json()) as ReceivedEvent[];

describe("error reports from the browser", () => {
  const browser = useBrowser();

  it("reports an error the page throws, through the app, scrubbed of personal data", async () => {
    const { page } = await browser.open();
    await page.goto("/leaderboard");
    // The reporter loads once the first view is shown and the page is idle.
    await page.locator("html[data-error-reports=on]").waitFor({ state: "attached" });
    const marker = crypto.randomUUID().slice(0, 8);
    await page.evaluate((tag) => {
      setTimeout(() => {
        throw new Error(`Boom ${tag} for player.one@example.com`);
      });
    }, marker);
    await expect
      .poll(async () => (await received()).filter((event) => event.raw.includes(`Boom ${marker}`)), { timeout: 15_000 })
      .toHaveLength(1);
    const [event] = (await received()).filter((report) => report.raw.includes(`Boom ${marker}`));
    expect(event?.release).toBe("e2e");
    expect(event?.exception?.values.at(-1)?.value).toBe(`Boom ${marker} for [email]`);
    expect(event?.raw).not.toContain("player.one@example.com");
  });
});
