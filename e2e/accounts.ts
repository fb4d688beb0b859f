import type { Page } from "playwright-core";
import { vi } from "vitest";

type OutboxEmail = { to: string; subject: string; text: string; links: string[] };

export const DEMO_PASSWORD = "password123";

export const outbox = async (baseUrl: string, to: string): Promise<OutboxEmail[]> => {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`outbox answered ${response.status}`);
  return ((await response.json()) as { items: OutboxEmail[] }).items;
};

/** The newest email to `to` that `matches`, once the email queue has delivered it (it batches for up to a second). */
export const awaitEmail = async (
  baseUrl: string,
  to: string,
  matches: (email: OutboxEmail) => boolean = () => true,
) => {
  // vi.waitFor rather than expect.poll: sign-ups run in beforeAll hooks too.
  return vi.waitFor(
    async () => {
      const found = (await outbox(baseUrl, to)).find(matches);
      if (!found) throw new Error(`No matching email to ${to}`);
      return found;
    },
    { timeout: 15_000, interval: 250 },
  );
};

/** The newest link in the newest email to `to` that carries `param` (confirm or token). */
export const latestLink = async (baseUrl: string, to: string, param: "confirm" | "token") => {
  const hasLink = (email: OutboxEmail) => email.links.some((url) => new URL(url).searchParams.has(param));
  const email = await awaitEmail(baseUrl, to, hasLink);
  return email.links.find((url) => new URL(url).searchParams.has(param))!;
};

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A confirmed, signed-in player in this page's context, created through the API and the emailed link. */
export const signInNewPlayer = async (page: Page, baseUrl: string, prefix = "player") => {
  const email = uniqueEmail(prefix);
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: "POST",
    // Each fixture player signs up from an address of its own, so the journeys together stay under the per-IP limit.
    headers: {
      "Content-Type": "application/json",
      "CF-Connecting-IP": `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, country: "US", ageConfirmed: true }),
  });
  if (response.status !== 201) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  await page.goto(await latestLink(baseUrl, email, "confirm"));
  // Confirming signs in and loads the app; a loaded machine (the whole suite on two cores) can take a while.
  await page.getByTestId("credits-pill").waitFor({ timeout: 30_000 });
  return email;
};

/** The balance the header shows, as its accessible name says it ("57 credits"): the drawn digits are compact on a phone. */
export const shownBalance = async (page: Page) =>
  Number((await page.getByTestId("credits-pill").getAttribute("aria-label"))?.replace(/\D/g, ""));

export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto("/auth?mode=login");
  // The form is code-split: its heading appears only once React has rendered it and can take input.
  await page.getByRole("heading", { name: "Welcome back" }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByTestId("credits-pill").waitFor();
};

/** Sets a question's outcome through the real admin API as the seeded admin, so settlement runs as in production. */
export const settleAsAdmin = async (baseUrl: string, questionId: string, outcome: string): Promise<number> => {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: DEMO_PASSWORD }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const response = await fetch(`${baseUrl}/api/admin/questions/${questionId}/outcome`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ outcome, reason: "Correction in a journey" }),
  });
  return response.status;
};
