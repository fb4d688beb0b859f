import type { Locator, Page } from "playwright-core";
import { runSql } from "./database";

export type Box = { x: number; y: number; width: number; height: number };

export const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return box;
};
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
export const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** The toast on show (one at a time: those before it stay in the page, hidden). */
export const toastWith = (page: Page, text: string) =>
  page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });

/** Where an element that slides in (a toast, a phone's bottom sheet) comes to rest once its entrance has played. */
export const restingBox = async (element: Locator) => {
  await element.waitFor();
  // Resting: the same place over several frames in a row (an entrance may start a frame or two after it appears).
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        let last = node.getBoundingClientRect();
        let still = 0;
        const check = () => {
          const now = node.getBoundingClientRect();
          still = now.x === last.x && now.y === last.y ? still + 1 : 0;
          last = now;
          if (still >= 5) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  return boxOf(element);
};

/**
 * Searches the feed for a question and returns its card, once the feed shows only what the search found: before the
 * search is sent the unfiltered feed may already show the card, and that card is replaced when the results arrive.
 */
export const findCard = async (page: Page, title: string) => {
  await page.getByLabel("Search questions").fill(title);
  await page.waitForFunction((needle) => {
    const cards = Array.from(document.querySelectorAll('[data-testid="question-card"]'));
    return cards.length > 0 && cards.every((card) => card.textContent?.toLowerCase().includes(needle));
  }, title.toLowerCase());
  const card = page.getByTestId("question-card").filter({ hasText: title });
  await card.waitFor();
  return card;
};

/** Picks an option on the question's card and confirms it with Enter, at multiplier 1. */
export const pickFromFeed = async (page: Page, title: string, option: string) => {
  const card = await findCard(page, title);
  await card.getByRole("button", { name: option }).click();
  const dialog = page.getByRole("dialog", { name: "Make Your Pick" });
  await dialog.waitFor();
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "detached" });
};

/** A published NBA question closing in three days, written straight to the app's database. */
export const insertQuestion = async (id: string, title: string, creditCost = 1) => {
  const now = Date.now();
  await runSql(
    `INSERT OR IGNORE INTO questions (id, title, sport_category, credit_cost, deadline, status, created_at, updated_at)
     VALUES ('${id}', '${title}', 'NBA', ${creditCost}, ${now + 3 * 86_400_000}, 'published', ${now}, ${now})`,
  );
};
