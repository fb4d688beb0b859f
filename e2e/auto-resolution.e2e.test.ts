import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { signIn, signInNewPlayer } from "./accounts";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { runCronUntilJobRan, runEveryMinuteCron } from "./cron";
import { runSql } from "./database";
import { boxOf, findCard, inside, insertQuestion, restingBox } from "./feed-cards";

const browser = useBrowser();

type FeedEvent = { id: string };

/** The score feed stand-in's test controls: add an event, end it with a score. */
const feedControl = async <T = unknown>(path: string, body: unknown = {}) => {
  const response = await fetch(`${inject("scoreFeedUrl")}/control/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`stand-in control ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

const runCron = () => runEveryMinuteCron(browser.baseUrl);

/** The question as a visitor reads it, once the cron has done what `done` waits for (it runs after the answer). */
const questionOnceCronRan = async (
  id: string,
  done: (question: { outcome: string; autoResolution: { state: string } | null }) => boolean,
) => {
  let question: { outcome: string; autoResolution: { state: string } | null } | null = null;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${browser.baseUrl}/api/questions/${id}`);
        question = ((await response.json()) as { question: typeof question }).question;
        return question !== null && done(question);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return question!;
};

/** A published question about a fresh event of the stand-in, its home side option A ("Yes"). */
const questionAboutNewEvent = async (stamp: string) => {
  const event = await feedControl<FeedEvent>("events", {
    sport: "Soccer",
    home: `Rovers ${stamp}`,
    away: `Athletic ${stamp}`,
    startsAt: Date.now() + 7_200_000,
  });
  const id = `feed-${stamp}`;
  const title = `Will Rovers ${stamp} beat Athletic ${stamp}?`;
  await insertQuestion(id, title, 2);
  return { event, id, title };
};

const pickYes = async (page: Page, title: string) => {
  const card = await findCard(page, title);
  await card.getByRole("button", { name: "Yes" }).click();
  const dialog = page.getByRole("dialog", { name: "Make Your Pick" });
  await dialog.getByRole("button", { name: "Confirm Pick" }).click();
  await dialog.waitFor({ state: "detached" });
};

/** The event starts (picking closes), ends 3–1 for the home side, and the cron proposes Yes. */
const endEventHomeWin = async (id: string, eventId: string) => {
  await runSql(`UPDATE questions SET deadline = ${Date.now() - 1000} WHERE id = '${id}'`);
  await feedControl(`events/${eventId}/final`, { home: 3, away: 1 });
  await runCron();
  await questionOnceCronRan(id, (question) => question.autoResolution?.state === "proposed");
};

const awaitingCard = (page: Page, title: string) =>
  page
    .getByRole("region", { name: "Waiting for final results" })
    .getByTestId("question-card")
    .filter({ hasText: title });

describe("questions resolved from the score feed", () => {
  it("an admin links a question to a feed event, the player sees the proposal with the score, and wins once the window has passed", async () => {
    const stamp = crypto.randomUUID().slice(0, 8);
    const { event, id, title } = await questionAboutNewEvent(stamp);

    const admin = await browser.open(DESKTOP);
    await signIn(admin.page, "admin@example.com");
    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: "Questions" }).click();
    await admin.page.getByLabel("Search questions").fill(stamp);
    await admin.page
      .getByTestId("admin-question")
      .filter({ hasText: title })
      .getByRole("button", { name: "Edit" })
      .click();
    const form = admin.page.getByRole("dialog", { name: "Edit Question" });
    await form.getByLabel("Event").selectOption(event.id);
    await form.getByLabel("Option A is").selectOption("home");
    await form.getByRole("button", { name: "Save Question" }).click();
    await form.waitFor({ state: "detached" });
    await admin.page
      .getByTestId("admin-question")
      .filter({ hasText: title })
      .getByRole("button", { name: "Edit" })
      .click();
    await expect.poll(() => form.getByLabel("Event").inputValue()).toBe(event.id);
    await admin.context.close();

    const player = await browser.open(PHONE);
    await signInNewPlayer(player.page, browser.baseUrl, "feedpick");
    await pickYes(player.page, title);
    await endEventHomeWin(id, event.id);

    await player.page.goto("/home");
    const card = awaitingCard(player.page, title);
    const status = card.getByTestId("result-status");
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/Proposed: Yes\. Final in (29|30) min/);
    expect(await status.textContent()).toContain("Final score 3–1");

    // On a phone the challenge button sits inside the card, and its dialog fits the screen.
    const challenge = card.getByRole("button", { name: "Challenge result" });
    expect(inside(await boxOf(challenge), await boxOf(card))).toBe(true);
    expect(await player.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await challenge.click();
    const dialog = player.page.getByRole("dialog", { name: "Challenge this result" });
    const send = dialog.getByRole("button", { name: "Send challenge" });
    // Measured once the bottom sheet has slid in.
    const sendBox = await restingBox(send);
    expect(sendBox.y + sendBox.height).toBeLessThanOrEqual(PHONE.height);
    await send.click();
    await dialog.getByText("Please say why in 5 to 500 characters").waitFor();
    expect(await seriousA11yViolations(player.page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    await player.page.goto("/picks");
    const row = player.page.getByTestId("my-pick").filter({ hasText: title });
    await expect
      .poll(() => row.getByTestId("result-status").textContent())
      .toMatch(/Proposed: Yes\. Final in \d+ min.*Final score 3–1/);

    // The window passes with no challenge: the next cron run makes the result final and pays the pick.
    await runSql(`UPDATE score_feed_links SET final_at = ${Date.now() - 1000} WHERE question_id = '${id}'`);
    await runCron();
    expect((await questionOnceCronRan(id, (question) => question.outcome !== "unresolved")).outcome).toBe("A");
    await player.page.reload();
    await row.getByText("Won").waitFor();
    await row.getByText("+4").waitFor();
    expect(await row.getByTestId("result-status").count()).toBe(0);
    await player.context.close();
  });

  it("a challenge stops the clock and reaches the admin's Challenges tab, where the admin confirms the result", async () => {
    const stamp = crypto.randomUUID().slice(0, 8);
    const { event, id, title } = await questionAboutNewEvent(stamp);
    const adminCookie = await fetch(`${browser.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "password123" }),
    }).then((response) =>
      response.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; "),
    );
    const linked = await fetch(`${browser.baseUrl}/api/admin/score-feed/links/${id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Cookie: adminCookie, Origin: browser.baseUrl },
      body: JSON.stringify({ eventId: event.id, sideA: "home" }),
    });
    expect(linked.status).toBe(200);

    const player = await browser.open(PHONE);
    await signInNewPlayer(player.page, browser.baseUrl, "feedchallenge");
    await pickYes(player.page, title);
    await endEventHomeWin(id, event.id);

    await player.page.goto("/picks");
    const row = player.page.getByTestId("my-pick").filter({ hasText: title });
    await row.getByRole("button", { name: "Challenge result" }).click();
    const dialog = player.page.getByRole("dialog", { name: "Challenge this result" });
    await dialog.getByLabel("What did the score feed get wrong?").fill("The third goal came after the final whistle");
    await dialog.getByRole("button", { name: "Send challenge" }).click();
    await dialog.waitFor({ state: "detached" });
    await row.getByText("Challenged — an admin is reviewing").waitFor();
    expect(await row.getByRole("button", { name: "Challenge result" }).count()).toBe(0);

    // Past the window the cron leaves a challenged result alone.
    const admin = await browser.open(DESKTOP);
    await signIn(admin.page, "admin@example.com");
    await runSql(`UPDATE score_feed_links SET final_at = ${Date.now() - 1000} WHERE question_id = '${id}'`);
    await runCronUntilJobRan(browser.baseUrl, admin.page, "resolveFromScoreFeed");
    expect((await questionOnceCronRan(id, () => true)).outcome).toBe("unresolved");

    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: "Challenges" }).click();
    const item = admin.page.getByTestId("challenged-question").filter({ hasText: title });
    await item.getByText("The third goal came after the final whistle").waitFor();
    expect(await item.textContent()).toContain("Final score 3–1");
    await item.getByLabel("Reason").fill("Checked the match report: the goal stands");
    await item.getByRole("button", { name: "Confirm proposed outcome" }).click();
    await admin.page.getByText("Proposed outcome confirmed").waitFor();
    await item.waitFor({ state: "detached" });
    expect(await seriousA11yViolations(admin.page)).toEqual([]);

    await player.page.reload();
    await row.getByText("Won").waitFor();
    await player.context.close();
    await admin.context.close();
  });
});
