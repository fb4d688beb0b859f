import { describe, expect, it } from "vitest";
import { settleAsAdmin, signInNewPlayer } from "./accounts";
import { SIZES, useBrowser } from "./browser";
import { findCard, insertQuestion, pickFromFeed } from "./feed-cards";

const browser = useBrowser();

describe("the crowd's split", () => {
  it.each(SIZES)(
    "is hidden on the card before a pick, then shows in My Picks (with or against the crowd once settled) (%s)",
    async (_size, viewport) => {
      const title = `Crowd split ${crypto.randomUUID().slice(0, 8)}`;
      const questionId = `crowd-${crypto.randomUUID()}`;
      await insertQuestion(questionId, title, 0);
      const { context, page } = await browser.open(viewport);
      await signInNewPlayer(page, browser.baseUrl, "crowd");
      const card = await findCard(page, title);
      expect(await card.getByTestId("crowd-split").count()).toBe(0);
      await card.getByText("0 picks").waitFor();

      await pickFromFeed(page, title, "No");

      await page.goto("/picks");
      const row = page.getByTestId("my-pick").filter({ hasText: title });
      await expect.poll(() => row.getByTestId("crowd-split").textContent()).toBe("0% Yes · 100% No · 1 pick");
      expect(await row.getByTestId("crowd-side").count()).toBe(0);

      // Another player's pick reaches the open page live, without a reload.
      const otherPicksYes = async (prefix: string) => {
        const other = await browser.open(viewport);
        await signInNewPlayer(other.page, browser.baseUrl, prefix);
        const picked = await other.page.request.post("/api/picks", {
          data: { questionId, choice: "yes", multiplier: 1 },
          headers: { "Idempotency-Key": crypto.randomUUID() },
        });
        expect(picked.status()).toBe(201);
        await other.context.close();
      };
      await otherPicksYes("crowd-other");
      await expect
        .poll(() => row.getByTestId("crowd-split").textContent(), { timeout: 5000 })
        .toBe("50% Yes · 50% No · 2 picks");

      // Settled, the row tells the player they went against the crowd (two picks of three were Yes, theirs No).
      await otherPicksYes("crowd-third");
      expect(await settleAsAdmin(browser.baseUrl, questionId, "B")).toBe(200);
      await page.reload();
      await expect.poll(() => row.getByTestId("crowd-side").textContent()).toBe(" · Against the crowd");
      await context.close();
    },
  );
});
