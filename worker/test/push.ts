import { env } from "cloudflare:test";
import { vi } from "vitest";
import { dataContext } from "../db/data-context";
import { readSettings } from "../env";
import { sendDuePushes } from "../features/notifications/push-sender";
import { createPushStandin, STANDIN_ORIGIN, type PushStandin } from "../../scripts/push-standin/standin";
import { createSubscriber, type Subscriber } from "../../scripts/push-standin/subscriber";
import { apiClient, successOf } from "./client";
import { sumOverShards } from "./players";

export { createSubscriber, type PushStandin };

/** The push stand-in's own code answering requests to its endpoints inside the test isolate; nothing leaves the machine. */
export const useFakePushService = () => {
  const standin = createPushStandin();
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(STANDIN_ORIGIN) ? standin.handle(request) : realFetch(request);
  });
  return standin;
};

export type Device = { endpointId: string; endpoint: string; subscriber: Subscriber };

/** A browser of this player turning notifications on, with keys of its own, through the real route. */
export const subscribeDevice = async (
  standin: PushStandin,
  bearer: Record<string, string>,
  testEnv: Env = env,
): Promise<Device> => {
  const subscriber = await createSubscriber();
  const endpointId = crypto.randomUUID();
  const endpoint = standin.endpoint(endpointId);
  await successOf(
    apiClient({ headers: bearer, env: testEnv }).notifications.subscriptions.$post({
      json: { endpoint, keys: { p256dh: subscriber.p256dh, auth: subscriber.auth } },
    }),
  );
  return { endpointId, endpoint, subscriber };
};

/** What the device received, decrypted with its own keys as the browser would. */
export const pushesTo = async (standin: PushStandin, device: Device) =>
  Promise.all(
    standin.received
      .filter((push) => push.endpointId === device.endpointId)
      .map(
        async (push) => JSON.parse(await device.subscriber.decrypt(push.body as Uint8Array<ArrayBuffer>)) as unknown,
      ),
  );

/** Runs send passes until the outbox holds nothing due now (a settlement's own kick may be sending beside it). */
export const drainPushes = async () => {
  for (let pass = 0; pass < 10; pass++) {
    await sendDuePushes(dataContext(env), readSettings(env));
    if ((await sumOverShards("SELECT count(*) FROM push_deliveries WHERE next_attempt_at <= ?", Date.now())) === 0)
      return;
  }
};
