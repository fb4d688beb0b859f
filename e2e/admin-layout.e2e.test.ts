import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./a11y";
import { settleAsAdmin, signIn, signInNewPlayer } from "./accounts";
import { DESKTOP, useBrowser } from "./browser";
import { runSql } from "./database";
import { boxOf, inside, restingBox } from "./feed-cards";

const browser = useBrowser();
const SMALL_PHONE = { width: 360, height: 740 } as const;
const DAY = 24 * 60 * 60 * 1000;

/** Words no line can break inside: the longest a title, a team or a payment reference may bring. */
const word = (length: number) => "Unbreakable".repeat(Math.ceil(length / 11)).slice(0, length);
const LONG_WORD = word(80);
const stamp = Date.now().toString(36);
const TITLE = `${LONG_WORD} ${stamp}`;
const ALERT_TITLE = `${LONG_WORD} corrected ${stamp}`;
const CONTEST_TITLE = `${LONG_WORD} contest`;
/** A username at its longest (20), and a deleted account's placeholder (40): the longest names stored. */
const LONG_USERNAME = `Long_${stamp}`.padEnd(20, "x");
const DELETED_ID = crypto.randomUUID();
const DELETED_USERNAME = `deleted_${DELETED_ID.replaceAll("-", "")}`;
const PAYMENT_ID = `cs_test_${word(72)}`;
const PROMO_CODE = `E2E${stamp.toUpperCase()}`.padEnd(32, "X");

const questionId = crypto.randomUUID();
const alertQuestionId = crypto.randomUUID();

const myId = (page: Page) =>
  page
    .evaluate(() => fetch("/api/me").then((r) => r.json() as Promise<{ user: { id: string } }>))
    .then((me) => me.user.id);

/** A POST from the signed-in page, answering its status. */
const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    ({ path, body }) =>
      fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then(
        (response) => response.status,
      ),
    { path, body },
  );

const questionRow = (id: string, title: string, status: string, outcome: string) => {
  const now = Date.now();
  return `INSERT INTO questions (id, title, sport_category, custom_category, credit_cost, deadline, status, outcome,
      answer_option_a, answer_option_b, created_at, updated_at)
    VALUES ('${id}', '${title}', 'NBA', '${word(60)}', 1, ${now + 3 * DAY}, '${status}', '${outcome}',
      '${word(100)}', 'No', ${now}, ${now});`;
};

/**
 * The worst the admin's screens are given: 80-letter words in a question's, a contest's and an alert's titles and
 * teams, 100-letter answers, a 60-letter category, the longest username and email, a cash-out to a 100-character
 * handle held on an 80-character payment id, a 32-character promo code, a deleted account's placeholder name, and an
 * audit entry whose reason and values are long words. The question is picked and resolved before the every-minute
 * fold could count its picks.
 */
beforeAll(async () => {
  const now = Date.now();
  await runSql(questionRow(questionId, TITLE, "published", "unresolved"));
  await runSql(
    `${questionRow(alertQuestionId, ALERT_TITLE, "resolved", "A")}
     INSERT INTO score_feed_links (question_id, event_id, home_team, away_team, starts_at, side_a, state, event_status,
       home_score, away_score, proposed_outcome, proposed_at, final_at, finalized_at, created_at, updated_at)
     VALUES ('${alertQuestionId}', 'e2e-event-${stamp}', '${word(80)}', '${word(79)}', ${now - 40 * DAY}, 'home',
       'final', 'final', 2, 1, 'A', ${now - 40 * DAY}, ${now - 39 * DAY}, ${now - 39 * DAY}, ${now - 40 * DAY}, ${now});
     INSERT INTO score_feed_alerts (id, question_id, event_id, signature, before, after, created_at)
     VALUES ('${crypto.randomUUID()}', '${alertQuestionId}', 'e2e-event-${stamp}', 'e2e-${stamp}',
       '{"eventStatus":"final","homeScore":2,"awayScore":1,"outcome":"A"}',
       '{"eventStatus":"final","homeScore":1,"awayScore":2,"outcome":"B"}', ${now});
     INSERT INTO contests (id, title, duration_days, starts_at, ends_at, created_at)
     VALUES ('${crypto.randomUUID()}', '${CONTEST_TITLE}', 3, ${now - DAY}, ${now + 2 * DAY}, ${now});`,
  );
  const deletedAccount = `INSERT INTO users (id, email, username, referral_code, deleted_at, created_at, updated_at)
    VALUES ('${DELETED_ID}', '${DELETED_USERNAME}@deleted.invalid', '${DELETED_USERNAME}', 'DEL${stamp}', ${now}, ${now}, ${now});`;
  await runSql(
    `${deletedAccount}
     INSERT INTO admin_audit_log (id, admin_id, actor, action, entity, entity_id, before, after, created_at, reason, subject_user_id)
     SELECT '${crypto.randomUUID()}', id, 'admin', 'credits_awarded', 'user', '${DELETED_ID}', NULL, '{"amount":25}',
       ${now}, 'Goodwill ${LONG_WORD}', '${DELETED_ID}' FROM users WHERE email = 'admin@example.com';
     INSERT INTO admin_audit_log (id, admin_id, actor, action, entity, entity_id, before, after, created_at, reason)
     SELECT '${crypto.randomUUID()}', id, 'admin', 'update', 'question', '${questionId}', '{"title":"Old title"}',
       '{"title":"${TITLE}"}', ${now}, 'Renamed ${LONG_WORD}' FROM users WHERE email = 'admin@example.com';`,
  );
  await runSql(deletedAccount, { player: DELETED_ID });

  const { context, page } = await browser.open(DESKTOP);
  await signInNewPlayer(page, browser.baseUrl, word(40));
  const playerId = await myId(page);
  const rename = `UPDATE users SET username = '${LONG_USERNAME}' WHERE id = '${playerId}';`;
  await runSql(rename);
  await runSql(
    `${rename}
     INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, description, created_at)
     VALUES ('e2e-win-${playerId}', '${playerId}', 50, 'pick_payout', 'winnings', 'e2e-win:${playerId}', 'Pick payout', ${now});
     UPDATE user_credits SET balance = balance + 50, redeemable = redeemable + 50, total_earned = total_earned + 50
     WHERE user_id = '${playerId}';`,
    { player: playerId },
  );
  expect(await post(page, "/api/picks", { questionId, choice: "yes", multiplier: 1 })).toBe(201);
  expect(
    await post(page, "/api/redemptions/cash-out", {
      amount: 20,
      method: "venmo",
      email: `${word(60)}@example.com`,
      venmoUsername: `@${word(99)}`,
      ageConfirmed: true,
    }),
  ).toBe(201);
  await runSql(
    `UPDATE gift_card_redemptions SET hold_cause = 'charge_refunded', hold_payment_id = '${PAYMENT_ID}', held_at = ${now}
     WHERE user_id = '${playerId}';`,
    { player: playerId },
  );
  await context.close();
  expect(await settleAsAdmin(browser.baseUrl, questionId, "A")).toBe(200);
});

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** What shows each tab has its worst-case rows in, before it is measured. */
const LOADED: Record<string, (page: Page) => Promise<void>> = {
  Questions: (page) => page.getByTestId("admin-question").filter({ hasText: TITLE }).waitFor(),
  Redemptions: (page) => page.getByTestId("redemption-hold").filter({ hasText: PAYMENT_ID }).waitFor(),
  Challenges: (page) => page.getByTestId("feed-alert").filter({ hasText: ALERT_TITLE }).waitFor(),
  Contests: (page) => page.getByTestId("admin-contest").filter({ hasText: CONTEST_TITLE }).waitFor(),
  "Promo codes": (page) => page.getByTestId("scroll-hint").waitFor(),
  Players: (page) => page.getByRole("button", { name: new RegExp(DELETED_USERNAME) }).waitFor(),
  "Audit log": (page) => page.getByTestId("audit-entry").filter({ hasText: "Deleted player" }).first().waitFor(),
  Health: (page) => page.getByTestId("health-panel").waitFor(),
};

/** A tab without rows of its own here (the dashboard): measured once it shows something that is not loading. */
const shown = (page: Page) =>
  expect
    .poll(async () => {
      const text = (await page.getByRole("tabpanel").textContent()) ?? "";
      return text.trim() !== "" && !/Loading/.test(text);
    })
    .toBe(true);

describe("the admin's screens with the worst data", () => {
  it("fit a 360 px phone in every tab: long words wrap, the promo table scrolls in its own box and says so", async () => {
    const { page } = await browser.open(SMALL_PHONE);
    await signIn(page, "admin@example.com");
    expect(await post(page, "/api/admin/promo-codes", { code: PROMO_CODE, credits: 10 })).toBe(201);
    await page.goto("/admin");
    const tabs = page.getByRole("tab");
    await tabs.first().waitFor();
    const count = await tabs.count();
    expect(count).toBeGreaterThanOrEqual(Object.keys(LOADED).length);
    // Every tab is measured before any is judged, so one failing says which others fail too.
    const widths: Record<string, number> = {};
    const violations: Record<string, string[]> = {};
    for (let i = 0; i < count; i += 1) {
      const tab = tabs.nth(i);
      const name = (await tab.textContent())?.replace(/\d.*$/, "") ?? "";
      await tab.click();
      await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true");
      await expect.poll(() => page.getByRole("tabpanel").getByText("Loading...").count()).toBe(0);
      await (LOADED[name] ?? shown)(page);
      widths[name] = await scrollWidth(page);
      violations[name] = await seriousA11yViolations(page);
    }
    const names = Object.keys(widths);
    expect(widths).toEqual(Object.fromEntries(names.map((name) => [name, SMALL_PHONE.width])));
    expect(violations).toEqual(Object.fromEntries(names.map((name) => [name, []])));

    // A player's record, and an audit entry's values opened, fit as well.
    await page.getByRole("tab", { name: "Audit log" }).click();
    const renamed = page.getByTestId("audit-entry").filter({ hasText: "Renamed" });
    await renamed.getByText("Before and after").click();
    await renamed.getByText("Old title").waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(SMALL_PHONE.width);
    await page.getByRole("tab", { name: "Players" }).click();
    await page.getByRole("button", { name: new RegExp(LONG_USERNAME) }).click();
    await page.getByRole("region", { name: "Redemptions" }).getByText("Cash-out").waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(SMALL_PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("counts the picks of a resolved question and names questions in the audit log by title, never by id", async () => {
    const { page } = await browser.open(SMALL_PHONE);
    await signIn(page, "admin@example.com");
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Questions" }).click();
    const row = page.getByTestId("admin-question").filter({ hasText: TITLE });
    await row.getByText(/^resolved · .* · 1 pick · /).waitFor();

    await page.getByRole("tab", { name: "Audit log" }).click();
    const log = page.getByRole("region", { name: "Audit log" });
    await log
      .getByTestId("audit-entry")
      .filter({ hasText: `Set the outcome of question ${TITLE}` })
      .waitFor();
    await log.getByTestId("audit-entry").filter({ hasText: "Awarded credits to player Deleted player" }).waitFor();
    expect(await log.textContent()).not.toContain(questionId);
    expect(await log.textContent()).not.toContain(DELETED_USERNAME);
  });

  it("keeps the New Question sheet's Save button on screen and tappable, and drops a fixed field's message", async () => {
    const { page } = await browser.open(SMALL_PHONE);
    await signIn(page, "admin@example.com");
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Questions" }).click();
    await page.getByTestId("admin-question").filter({ hasText: TITLE }).waitFor();
    await page.getByRole("button", { name: "New Question" }).click();
    const sheet = page.getByRole("dialog", { name: "New Question" });
    await restingBox(sheet);
    const save = sheet.getByRole("button", { name: "Save Question" });
    await save.click();
    await sheet.getByText("Title is required").waitFor();
    // The field to fix, at the top of the sheet, is where the admin is taken.
    await expect.poll(() => sheet.getByLabel("Title").evaluate((input) => input === document.activeElement)).toBe(true);

    const title = `${word(80)} new ${stamp}`;
    await sheet.getByLabel("Title").fill(title);
    await expect.poll(() => sheet.getByText("Title is required").count()).toBe(0);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(SMALL_PHONE.width);
    await save.scrollIntoViewIfNeeded();
    expect(inside(await boxOf(save), { x: 0, y: 0, ...SMALL_PHONE })).toBe(true);
    // Nothing covers it: the tap lands on the button itself.
    await save.click({ trial: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await save.click();
    await sheet.waitFor({ state: "detached" });
    await page.getByTestId("admin-question").filter({ hasText: title }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(SMALL_PHONE.width);
  });
});
