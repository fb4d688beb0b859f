import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { shownBalance, signIn, signInNewPlayer } from "./accounts";
import { DESKTOP, PHONE, useBrowser } from "./browser";

const browser = useBrowser();

describe("the admin's player tools", () => {
  it("finds a player, awards credits with a reason the player sees at once, and the audit log keeps who and why", async () => {
    const player = await browser.open(PHONE);
    const email = await signInNewPlayer(player.page, browser.baseUrl, "awarded");
    const before = await shownBalance(player.page);

    const admin = await browser.open(DESKTOP);
    await signIn(admin.page, "admin@example.com");
    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: "Players" }).click();
    await admin.page.getByLabel("Search players").fill(email);
    await admin.page.getByRole("button", { name: "Search" }).click();
    await admin.page.getByRole("button", { name: new RegExp(email) }).click();

    const form = admin.page.getByRole("form", { name: "Adjust credits" });
    await form.getByLabel("Amount").fill("25");
    await form.getByRole("button", { name: "Apply" }).click();
    await form.getByText("Please give a reason").waitFor();
    await form.getByLabel("Reason").fill("Sorry about the outage");
    await form.getByRole("button", { name: "Apply" }).click();
    await admin.page.getByText("Awarded 25 credits").waitFor();
    await admin.page
      .getByRole("region", { name: "Ledger" })
      .getByText("Adjusted by an admin: Sorry about the outage")
      .waitFor();
    await admin.page
      .getByRole("region", { name: "Audit entries" })
      .getByText("Reason: Sorry about the outage")
      .waitFor();
    expect(await seriousA11yViolations(admin.page)).toEqual([]);

    await expect.poll(() => shownBalance(player.page), { timeout: 5000 }).toBe(before + 25);

    await admin.page.getByRole("tab", { name: "Audit log" }).click();
    await admin.page.getByLabel("Action").selectOption("credits_awarded");
    await admin.page
      .getByRole("region", { name: "Audit log" })
      .getByText("Reason: Sorry about the outage")
      .first()
      .waitFor();
    expect(await seriousA11yViolations(admin.page)).toEqual([]);
  });
});
