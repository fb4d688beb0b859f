import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { settleAsAdmin, signInNewPlayer } from "./accounts";
import { SIZES, useBrowser } from "./browser";
import { insertQuestion, pickFromFeed, restingBox } from "./feed-cards";

const browser = useBrowser();

/** Picks the card's first option in the feed, then copies the pick's share link from My Picks. */
const pickAndShare = async (page: Page, title: string) => {
  await pickFromFeed(page, title, "Yes");
  await page.goto("/picks");
  await page.getByTestId("my-pick").filter({ hasText: title }).getByRole("button", { name: "Share pick" }).click();
  await page.getByText("Link copied to clipboard!").waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
};

describe("share cards", () => {
  it.each(SIZES)(
    "a player shares a pick; the link previews as an image card and brings a visitor to the question with the invitation (%s)",
    async (_size, viewport) => {
      const questionId = `share-${crypto.randomUUID()}`;
      const title = `Share card ${questionId.slice(6, 14)}`;
      await insertQuestion(questionId, title, 0);
      const sharer = await browser.open(viewport);
      await sharer.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.baseUrl });
      await signInNewPlayer(sharer.page, browser.baseUrl, "sharer");
      const link = await pickAndShare(sharer.page, title);
      expect(link).toMatch(new RegExp(`^${browser.baseUrl}/share/pick/[\\w-]+$`));

      const html = await (await fetch(link)).text();
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "";
      const png = await fetch(image);
      expect(png.headers.get("content-type")).toBe("image/png");
      expect((await png.arrayBuffer()).byteLength).toBeGreaterThan(5000);

      // The feed drops `q` from the address once it has acted on it, so the landing is read from the shared page itself.
      const landing = new URL(
        /<meta http-equiv="refresh" content="0;url=([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "",
        browser.baseUrl,
      );
      expect(landing.pathname).toBe("/home");
      expect(landing.searchParams.get("q")).toBe(questionId);
      const code = landing.searchParams.get("ref");
      expect(code).toBeTruthy();

      const visitor = await browser.open(viewport);
      await visitor.page.goto(link);
      await visitor.page.waitForURL(/\/home\?/);
      await visitor.page.getByText("Log in to make your pick").waitFor();
      await expect
        .poll(() => visitor.page.evaluate(() => localStorage.getItem("pending-referral-code")))
        .toBe(code?.toUpperCase());
      await sharer.context.close();
      await visitor.context.close();
    },
  );

  it.each(SIZES)(
    "a shared link to a settled pick shows the result and the crowd's split, with nothing left to pick (%s)",
    async (_size, viewport) => {
      const questionId = `shared-${crypto.randomUUID()}`;
      const title = `Settled share ${questionId.slice(7, 15)}`;
      await insertQuestion(questionId, title, 0);
      const sharer = await browser.open(viewport);
      await sharer.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.baseUrl });
      await signInNewPlayer(sharer.page, browser.baseUrl, "settled");
      const link = await pickAndShare(sharer.page, title);
      expect(await settleAsAdmin(browser.baseUrl, questionId, "A")).toBe(200);

      // A visitor sees what happened without being asked to sign in; the sharer sees their own pick won.
      const visitor = await browser.open(viewport);
      for (const { page, own } of [
        { page: visitor.page, own: null },
        { page: sharer.page, own: "Your pick: Yes · Won" },
      ]) {
        await page.goto(link);
        await page.waitForURL(/\/home\?/);
        const dialog = page.getByRole("dialog", { name: "Picking Closed" });
        await dialog.getByText("Result: Yes").waitFor();
        expect(await dialog.getByTestId("crowd-split").textContent()).toBe("100% Yes · 0% No · 1 pick");
        if (own) await dialog.getByText(own).waitFor();
        expect(await dialog.getByRole("radio").count()).toBe(0);
        expect(await dialog.getByRole("button", { name: /Pick/ }).count()).toBe(0);
        expect(await page.getByText("Log in to make your pick").count()).toBe(0);
        // On a phone the dialog is a sheet that slides up from below the screen: measured mid-slide, it overflows.
        const box = await restingBox(dialog);
        expect(box.x >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height).toBe(true);
      }
      await sharer.context.close();
      await visitor.context.close();
    },
  );
});
