import { describe, expect, it } from "vitest";
import { signIn, signInNewPlayer } from "./accounts";
import { seriousA11yViolations } from "./a11y";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { runSql } from "./database";

const browser = useBrowser();

/** A 1x1 PNG, enough for the server's byte check. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("the question lifecycle", () => {
  it("an admin creates a question with an image, a player picks it, the admin resolves it and the player sees the win live", async () => {
    const title = `Will the e2e team win ${Date.now()}?`;
    const admin = await browser.open(DESKTOP);
    await signIn(admin.page, "admin@example.com");
    await admin.page.goto("/admin");
    await expect(admin.page.getByRole("banner").count()).resolves.toBe(0);
    await admin.page.getByRole("tab", { name: "Questions" }).click();
    await admin.page.getByRole("button", { name: "New Question" }).click();
    const form = admin.page.getByRole("dialog", { name: "New Question" });
    await form.getByRole("button", { name: "Save Question" }).click();
    await form.getByText("Title is required").waitFor();
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Sport").selectOption("NBA");
    await form.getByLabel("Credit cost").fill("2");
    await form.getByLabel("Status").selectOption("published");
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: "notes.png", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await form.getByText("Please select an image file").waitFor();
    await form.locator('input[type="file"]').setInputFiles({ name: "team.png", mimeType: "image/png", buffer: PNG });
    await form.getByRole("img", { name: "Question preview" }).waitFor();
    await form.getByRole("button", { name: "Save Question" }).click();
    await form.waitFor({ state: "detached" });
    const row = admin.page.getByTestId("admin-question").filter({ hasText: title });
    await row.waitFor();

    const player = await browser.open(PHONE);
    await signInNewPlayer(player.page, browser.baseUrl, "lifecycle");
    await player.page.getByLabel("Search questions").fill(title);
    const card = player.page.getByTestId("question-card").filter({ hasText: title });
    await card.waitFor();
    await expect(card.locator("img").getAttribute("src")).resolves.toMatch(/^\/api\/images\//);
    await card.getByRole("button", { name: "Yes" }).click();
    const pick = player.page.getByRole("dialog", { name: "Make Your Pick" });
    await pick.getByRole("radio", { name: "2x" }).click();
    await pick.getByRole("button", { name: "Confirm Pick" }).click();
    await expect.poll(() => player.page.getByTestId("credits-pill").textContent()).toContain("1");
    await player.page.goto("/picks");
    await player.page.getByTestId("my-pick").filter({ hasText: title }).getByText("In progress").waitFor();

    await row.getByLabel("Outcome").selectOption("A");
    await admin.page.getByRole("dialog", { name: "Set outcome?" }).getByRole("button", { name: "Confirm" }).click();
    await admin.page.getByText("Outcome saved").waitFor();

    await player.page.getByTestId("credit-burst").waitFor({ timeout: 3000 });
    await expect.poll(() => player.page.getByTestId("credits-pill").textContent(), { timeout: 3000 }).toContain("9");
    await player.page.getByTestId("my-pick").filter({ hasText: title }).getByText("+8").waitFor({ timeout: 5000 });

    await admin.page.getByRole("tab", { name: "Health" }).click();
    const health = admin.page.getByTestId("health-panel");
    await health.getByText("Ledger audit violations").waitFor();
    await expect(
      health.getByText("Ledger audit violations").locator("..").locator("p").first().textContent(),
    ).resolves.toBe("0");
    await admin.context.close();
    await player.context.close();
  });
});

describe("the health page", () => {
  it("shows an email stuck past its limit and a dead-lettered message as alerts, on a phone", async () => {
    const { page: playerPage } = await browser.open(PHONE);
    await signInNewPlayer(playerPage, browser.baseUrl, "stuck-mail");
    const { user } = await playerPage.evaluate(() =>
      fetch("/api/me").then((r) => r.json() as Promise<{ user: { id: string } }>),
    );
    const since = Date.now() - 20 * 60_000;
    const id = `stuck-${Date.now()}`;
    // Failed before and not due again for a day, so no sender takes it while the admin looks.
    await runSql(
      `INSERT INTO email_deliveries (id, user_id, to_email, subject, text, attempts, next_attempt_at, created_at)
       VALUES ('${id}', '${user.id}', 'stuck@example.com', 'Stuck', 'Body', 3, ${Date.now() + 86_400_000}, ${since})`,
      { player: user.id },
    );
    await runSql(
      `INSERT INTO dead_letters (id, queue, body, attempts, received_at) VALUES ('${id}', 'push', '{}', 6, ${Date.now()})`,
    );
    try {
      const { page } = await browser.open(PHONE);
      await signIn(page, "admin@example.com");
      await page.goto("/admin");
      await page.getByRole("tab", { name: "Health" }).click();
      const health = page.getByTestId("health-panel");
      await health.getByRole("alert").getByText("Emails waiting for 20 minutes (limit 15)").waitFor();
      await health.getByText("Emails waiting (1 failed before)").waitFor();
      await health.getByRole("alert").getByText("1 push queue messages ran out of retries").waitFor();
      await health.getByText("Stripe webhook failures in the last hour").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await runSql(`DELETE FROM email_deliveries WHERE id = '${id}'`, { player: user.id });
      await runSql(`DELETE FROM dead_letters WHERE id = '${id}'`);
    }
  });
});

describe("promo codes", () => {
  it("an admin creates a promo code in the panel, sees the server's refusals beside the fields, edits it and deactivates it", async () => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const admin = await browser.open(DESKTOP);
    await signIn(admin.page, "admin@example.com");
    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: "Promo codes" }).click();
    const form = admin.page.getByRole("form", { name: "New promo code" });
    await form.getByLabel("Code").fill("welcome10");
    await form.getByLabel("Credits").fill("0");
    await form.getByRole("button", { name: "Create code" }).click();
    await form.getByText("Credits must be at least 1").waitFor();
    await form.getByLabel("Credits").fill("15");
    await form.getByRole("button", { name: "Create code" }).click();
    await form.getByText("This promo code already exists").waitFor();

    await form.getByLabel("Code").fill(code);
    await form.getByLabel("Max redemptions (optional)").fill("3");
    await form.getByRole("button", { name: "Create code" }).click();
    const row = admin.page.getByTestId("admin-promo-code").filter({ hasText: code });
    await row.getByText("Active", { exact: true }).waitFor();
    await expect(row.textContent()).resolves.toContain("0 / 3");
    await expect(form.getByLabel("Code").inputValue()).resolves.toBe("");
    await expect(seriousA11yViolations(admin.page)).resolves.toEqual([]);

    await row.getByRole("button", { name: `Edit ${code}` }).focus();
    await admin.page.keyboard.press("Enter");
    const edit = admin.page.getByRole("dialog", { name: `Edit ${code}` });
    await edit.getByLabel("Credits").fill("20");
    await edit.getByLabel("Credits").press("Enter");
    await edit.waitFor({ state: "detached" });
    await row.getByRole("cell", { name: "20", exact: true }).waitFor();

    await row.getByRole("button", { name: `Deactivate ${code}` }).click();
    await row.getByText("Inactive", { exact: true }).waitFor();
    await row.getByRole("button", { name: `Activate ${code}` }).waitFor();
    await admin.context.close();
  });

  it("fits a 360 px phone in every section: tabs scroll in their own row, nothing scrolls the page sideways", async () => {
    const { context, page } = await browser.open({ width: 360, height: 740 });
    await signIn(page, "admin@example.com");
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Questions" }).click();
    await page.getByTestId("admin-question").first().waitFor();
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await sideways()).toBe(0);
    const firstTitle = page.getByTestId("admin-question").first().locator("p").first();
    expect((await firstTitle.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    const panel = page.getByRole("tabpanel");
    for (const tab of ["Redemptions", "Challenges", "Contests", "Promo codes", "Health"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect.poll(() => page.getByRole("tab", { name: tab }).getAttribute("aria-selected")).toBe("true");
      // Measured once the section's rows are in: an empty or loading section proves nothing about its table.
      await expect.poll(() => panel.getByText("Loading...").count()).toBe(0);
      if (tab === "Promo codes") await page.getByTestId("admin-promo-code").first().waitFor();
      expect(await sideways(), tab).toBe(0);
      expect(await seriousA11yViolations(page), tab).toEqual([]);
    }

    // The question form shows a whole date and time in Deadline, not a cut-off one.
    await page.getByRole("tab", { name: "Questions" }).click();
    await page.getByRole("button", { name: "New Question" }).click();
    const deadline = page.getByRole("dialog", { name: "New Question" }).getByLabel("Deadline");
    expect((await deadline.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(200);
    await context.close();
  });
});
