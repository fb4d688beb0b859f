import { describe, expect, inject, it } from "vitest";
import { createSubscriber } from "../scripts/push-standin/subscriber";
import { STANDIN_ORIGIN } from "../scripts/push-standin/standin";
import { seriousA11yViolations } from "./a11y";
import { settleAsAdmin, signInNewPlayer } from "./accounts";
import { PHONE, useBrowser } from "./browser";
import { insertQuestion, pickFromFeed } from "./feed-cards";

const browser = useBrowser();

type Received = { endpointId: string; body: string };

const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

describe("push notifications", () => {
  it("a player turns them on from the profile, and a settled pick reaches their device through the push service", async () => {
    const id = `push-${crypto.randomUUID()}`;
    const title = `Push journey ${id.slice(5, 13)}`;
    await insertQuestion(id, title, 0);
    const { context, page } = await browser.open(PHONE, { serviceWorker: true });
    await context.grantPermissions(["notifications"]);
    // Chromium here reaches no real push service: the browser's subscribe hands out a stand-in endpoint with keys this
    // test holds, so it can decrypt what the app sends exactly as the device would.
    const subscriber = await createSubscriber();
    const endpointId = crypto.randomUUID();
    await context.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        const subscription = {
          endpoint,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => true,
        };
        let subscribed = false;
        PushManager.prototype.subscribe = async function subscribe() {
          subscribed = true;
          return subscription as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async function getSubscription() {
          return (subscribed ? subscription : null) as unknown as PushSubscription | null;
        };
      },
      { endpoint: `${STANDIN_ORIGIN}/push/${endpointId}`, p256dh: subscriber.p256dh, auth: subscriber.auth },
    );
    await signInNewPlayer(page, browser.baseUrl, "pushy");
    await page.evaluate(() => navigator.serviceWorker.ready);

    await page.goto("/profile");
    await page.getByRole("button", { name: "Turn on notifications" }).click();
    await page.getByText("Notifications are on").waitFor();
    await page.getByRole("button", { name: "Turn off on this device" }).waitFor();
    expect(await page.getByLabel("A pick settles: won, lost or voided").isChecked()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto("/home");
    await pickFromFeed(page, title, "Yes");
    expect(await settleAsAdmin(browser.baseUrl, id, "A")).toBe(200);

    const messages = async () => {
      const response = await fetch(`${inject("pushUrl")}/messages?endpoint=${endpointId}`);
      return ((await response.json()) as { items: Received[] }).items;
    };
    await expect.poll(async () => (await messages()).length, { timeout: 15_000 }).toBe(1);
    const [push] = await messages();
    expect(JSON.parse(await subscriber.decrypt(fromBase64(push!.body)))).toMatchObject({
      title: expect.stringMatching(/^You won \d+ credits?!$/),
      body: title,
      url: "/picks",
    });
    await context.close();
  });
});
