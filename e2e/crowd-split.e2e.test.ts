import { describe, expect, it } from "vitest";
import { signInNewPlayer } from "./accounts";
import { PHONE, useBrowser } from "./browser";
import { findCard, insertQuestion } from "./feed-cards";

const browser = useBrowser();

describe("the crowd's split", () => {
  it("is hidden on the card before a pick, then shows in My Picks (with or against the crowd only once settled)", async () => {
    const title = `Crowd split ${crypto.randomUUID().slice(0, 8)}`;
    const questionId = `crowd-${crypto.randomUUID()}`;
    await insertQuestion(questionId, title, 0);
    const { context, page } = await browser.open(PHONE);
    await signInNewPlayer(page, browser.baseUrl, "crowd");
    const card = await findCard(page, title);
    expect(await card.getByTestId("crowd-split").count()).toBe(0);
    await card.getByText("0 picks").waitFor();

    await card.getByRole("button", { name: "No" }).click();
    const dialog = page.getByRole("dialog", { name: "Make Your Pick" });
    await dialog.waitFor();
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });

    await page.goto("/picks");
    const row = page.getByTestId("my-pick").filter({ hasText: title });
    await expect.poll(() => row.getByTestId("crowd-split").textContent()).toBe("0% Yes · 100% No · 1 pick");
    expect(await row.getByTestId("crowd-side").count()).toBe(0);

    // Another player's pick reaches the open page live, without a reload.
    const other = await browser.open(PHONE);
    await signInNewPlayer(other.page, browser.baseUrl, "crowd-other");
    const picked = await other.page.request.post("/api/picks", {
      data: { questionId, choice: "yes", multiplier: 1 },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(picked.status()).toBe(201);
    await expect.poll(() => row.getByTestId("crowd-split").textContent(), { timeout: 5000 }).toBe("50% Yes · 50% No · 2 picks");
    await other.context.close();
    await context.close();
  });
});
