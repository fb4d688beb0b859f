import { describe, expect, it } from "vitest";
import { signInNewPlayer } from "./accounts";
import { PHONE, useBrowser } from "./browser";
import { findCard, insertQuestion } from "./feed-cards";

const browser = useBrowser();

describe("share cards", () => {
  it("a player shares a pick; the link previews as an image card and brings a visitor to the question with the invitation", async () => {
    const questionId = `share-${crypto.randomUUID()}`;
    const title = `Share card ${questionId.slice(6, 14)}`;
    await insertQuestion(questionId, title, 0);
    const sharer = await browser.open(PHONE);
    await sharer.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.baseUrl });
    await signInNewPlayer(sharer.page, browser.baseUrl, "sharer");
    const card = await findCard(sharer.page, title);
    await card.getByRole("button", { name: "Yes" }).click();
    const dialog = sharer.page.getByRole("dialog", { name: "Make Your Pick" });
    await dialog.waitFor();
    await sharer.page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });

    await sharer.page.goto("/picks");
    await sharer.page.getByTestId("my-pick").filter({ hasText: title }).getByRole("button", { name: "Share pick" }).click();
    await sharer.page.getByText("Link copied to clipboard!").waitFor();
    const link = await sharer.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${browser.baseUrl}/share/pick/[\\w-]+$`));

    const html = await (await fetch(link)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "";
    const png = await fetch(image);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect((await png.arrayBuffer()).byteLength).toBeGreaterThan(5000);

    const visitor = await browser.open(PHONE);
    await visitor.page.goto(link);
    await visitor.page.waitForURL(/\/home\?/);
    expect(new URL(visitor.page.url()).searchParams.get("q")).toBe(questionId);
    await visitor.page.getByText("Log in to make your pick").waitFor();
    const code = new URL(visitor.page.url()).searchParams.get("ref");
    expect(code).toBeTruthy();
    await expect.poll(() => visitor.page.evaluate(() => localStorage.getItem("pending-referral-code"))).toBe(code?.toUpperCase());
    await sharer.context.close();
    await visitor.context.close();
  });
});
