import { describe, expect, it } from "vitest";
import { settleAsAdmin, signInNewPlayer } from "./accounts";
import { seriousA11yViolations } from "./a11y";
import { SIZES, useBrowser } from "./browser";
import { boxOf, findCard, insertQuestion, toastWith } from "./feed-cards";

const browser = useBrowser();

const LONG_WORD = "Supercalifragilisticexpialidocious".repeat(3).slice(0, 80);
const NARROW_PHONE = { width: 360, height: 740 } as const;

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll("&amp;", "&");

describe("a question's own page", () => {
  it.each([...SIZES, ["narrow phone", NARROW_PHONE] as const])(
    "shows a visitor the question with 'Log in to make your pick' on its options, its link previewing the question (%s)",
    async (_size, viewport) => {
      const questionId = `qpage-${crypto.randomUUID()}`;
      const title = `Will ${LONG_WORD} cover the spread ${questionId.slice(6, 14)}?`;
      await insertQuestion(questionId, title, 2);

      const html = await (await fetch(`${browser.baseUrl}/questions/${questionId}`)).text();
      expect(metaOf(html, "og:title")).toBe(title);
      expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
      const image = await fetch(metaOf(html, "og:image") ?? "");
      expect(image.headers.get("content-type")).toBe("image/png");

      const { page } = await browser.open(viewport);
      await page.goto(`/questions/${questionId}`);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      const logIns = page.getByRole("link", { name: /Log in to make your pick/ });
      await expect.poll(() => logIns.count()).toBe(2);
      expect(await logIns.first().getAttribute("href")).toBe(
        `/auth?mode=login&redirect=${encodeURIComponent(`/questions/${questionId}?choice=yes`)}`,
      );
      // Before a pick the split stays hidden: only the count shows.
      expect(await page.getByTestId("crowd-split").textContent()).toMatch(/^0 picks · /);
      expect(await page.getByTestId("outcome-change").count()).toBe(0);
      // An unbroken 80-letter word wraps inside the page: nothing scrolls sideways.
      const heading = await boxOf(page.getByRole("heading", { level: 1 }));
      expect(heading.x + heading.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expect(seriousA11yViolations(page)).resolves.toEqual([]);

      await page.goto("/questions/no-such-question");
      await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    },
  );

  it.each(SIZES)(
    "a player opens it from a card's title, picks, sees the split and their pick, then the result and its history, and shares it with their invitation (%s)",
    async (_size, viewport) => {
      const questionId = `qpage-${crypto.randomUUID()}`;
      const title = `Question page ${questionId.slice(6, 14)}`;
      await insertQuestion(questionId, title, 1);
      const { context, page } = await browser.open(viewport);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.baseUrl });
      await signInNewPlayer(page, browser.baseUrl, "qpage");

      const card = await findCard(page, title);
      await card.getByRole("link", { name: title }).click();
      await page.waitForURL(`**/questions/${questionId}`);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();

      await page.getByRole("button", { name: "No", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Make Your Pick" });
      await dialog.waitFor();
      await page.keyboard.press("Enter");
      await dialog.waitFor({ state: "detached" });
      const myPick = page.getByTestId("my-pick");
      await myPick.waitFor();
      expect(await myPick.textContent()).toContain("No");
      expect(await page.getByTestId("my-pick-result").textContent()).toBe("1 credit at 1x · pays 2 if right");
      await expect.poll(() => page.getByTestId("crowd-split").textContent()).toBe("0% Yes · 100% No · 1 pick");
      await expect(seriousA11yViolations(page)).resolves.toEqual([]);

      expect(await settleAsAdmin(browser.baseUrl, questionId, "B")).toBe(200);
      await page.reload();
      await page.getByText("Result: No").waitFor();
      await expect
        .poll(() => page.getByTestId("my-pick-result").textContent())
        .toBe("1 credit at 1x · Won: +2 credits");
      const changes = page.getByTestId("outcome-change");
      await expect.poll(() => changes.count()).toBe(1);
      expect(await changes.first().textContent()).toContain("Settled: No");
      expect(await changes.first().textContent()).toContain("Reason: Correction in a journey");
      await expect(seriousA11yViolations(page)).resolves.toEqual([]);

      const me = (await (await page.request.get("/api/me")).json()) as { user: { referralCode: string } };
      await page.getByRole("button", { name: "Share" }).click();
      await toastWith(page, "Link copied to clipboard!").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${browser.baseUrl}/questions/${questionId}?ref=${me.user.referralCode}`,
      );
    },
  );
});
