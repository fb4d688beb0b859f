import { describe, expect, it } from "vitest";
import { DESKTOP, useBrowser } from "./browser";
import { runSql } from "./database";

const browser = useBrowser();
const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> Who wins?`;

describe("input to output", () => {
  it("renders hostile question text as text, and the CSP blocks inline script", async () => {
    await runSql(
      `INSERT OR REPLACE INTO questions (id, title, sport_category, credit_cost, deadline, status, created_at, updated_at)
       VALUES ('e2e-hostile', '${HOSTILE.replaceAll("'", "''")}', 'NBA', 1, ${Date.now() + 86_400_000}, 'published', ${Date.now() + 120_000}, ${Date.now()})`,
    );
    const { context, page } = await browser.open(DESKTOP);
    await page.goto("/home");
    await page.getByLabel("Search questions").fill("Who wins?");
    const card = page.getByTestId("question-card").filter({ hasText: "Who wins?" });
    await card.waitFor();
    await expect(card.getByRole("heading").textContent()).resolves.toBe(HOSTILE);
    await expect(page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).resolves.toBeUndefined();

    const blocked = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          document.addEventListener("securitypolicyviolation", () => resolve(true), { once: true });
          const script = document.createElement("script");
          script.textContent = "window.__inline = 1";
          document.body.append(script);
          setTimeout(() => resolve(false), 1000);
        }),
    );
    expect(blocked).toBe(true);
    await expect(page.evaluate(() => (window as unknown as { __inline?: number }).__inline)).resolves.toBeUndefined();
    await context.close();
  });
});
