import { createRoute, z } from "@hono/zod-openapi";
import { pushTopics } from "../../db/schema";
import type { Settings } from "../../env";
import { AppError } from "../../lib/errors";
import { errorResponses, jsonBody, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../session/session.middleware";
import { chooseTopics, readNotifications, releaseElsewhere, subscribe, unsubscribe } from "./notifications.service";
import { isPushEndpoint, vapidKeys } from "./push-service";

const ENDPOINT_MESSAGE = "This browser's push service is not supported";
const KEYS_MESSAGE = "Invalid subscription keys";

const topicsSchema = z.object(
  Object.fromEntries(pushTopics.map((topic) => [topic, z.boolean()])) as Record<
    (typeof pushTopics)[number],
    z.ZodBoolean
  >,
);

const notificationsSchema = z
  .object({
    publicKey: z.string().openapi({ description: "The application server key for PushManager.subscribe (base64url)" }),
    topics: topicsSchema,
    devices: z.number().int().openapi({ description: "Browsers this player turned notifications on in" }),
  })
  .openapi("Notifications");

/** A P-256 public key is 65 bytes (87 base64url characters) and the auth secret 16 (22). */
const base64url = (length: number) =>
  z.string({ error: KEYS_MESSAGE }).regex(new RegExp(`^[A-Za-z0-9_-]{${length}}=*$`), KEYS_MESSAGE);

const endpointSchema = z.url({ error: ENDPOINT_MESSAGE }).max(1000, ENDPOINT_MESSAGE);

const common = { security: signedIn, tags: ["Notifications"] };
const EXAMPLE_ENDPOINT = "https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bHun4MxP5egoKMwt2KZFBaFUH";
const exampleNotifications = {
  publicKey: "BFzGjC9yhU73y8AA9m3Kg_TlSoIBDGt5JeCNphQZIOqGBgUfFf2-NHybp1o3M8do6HjLN1qgxRT3J6htLcEcipk",
  topics: { picks: true, streaks: true, redemptions: true, contests: false },
  devices: 2,
} satisfies z.output<typeof notificationsSchema>;

/** Every operation answers the player's whole notification settings as they stand after it. */
const answer = { 200: jsonContent(notificationsSchema, exampleNotifications) };

const readRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getNotifications",
  summary: "The player's notification choices, device count and the key to subscribe with",
  description:
    "For the signed-in player's notification settings: the topics they chose, how many of their browsers have " +
    "notifications on, and the key a browser subscribes with. 503 when the server has no push keys configured.",
  ...common,
  middleware: [requireUser] as const,
  responses: { ...answer, ...errorResponses("unauthorized", "unavailable") },
});

const topicsRoute = createRoute({
  method: "put",
  path: "/topics",
  operationId: "chooseNotificationTopics",
  summary: "Choose which notifications the player gets, on every device",
  description:
    "For the signed-in player: turns topics on or off (any of `picks`, `streaks`, `redemptions`, `contests`) for " +
    "every device; topics left out keep their setting.",
  ...common,
  middleware: [requireUser] as const,
  request: { body: jsonBody(topicsSchema.partial().strict(), { contests: false }) },
  responses: { ...answer, ...errorResponses("validation_failed", "unauthorized", "unavailable") },
});

const subscribeRoute = createRoute({
  method: "post",
  path: "/subscriptions",
  operationId: "subscribeToPush",
  summary: "Turn notifications on in this browser with its push subscription",
  description:
    "For the signed-in player: turns notifications on in this browser with its `PushSubscription.toJSON()`. The " +
    "endpoint must be https on a known push service; the player keeps their 10 newest devices.",
  ...common,
  middleware: [requireUser] as const,
  request: {
    body: jsonBody(
      z.object({
        endpoint: endpointSchema,
        keys: z.object({ p256dh: base64url(87), auth: base64url(22) }, { error: KEYS_MESSAGE }),
      }),
      {
        endpoint: EXAMPLE_ENDPOINT,
        keys: {
          p256dh: "BLc4xRzKlKORKWlbdgFaBrrPK3ydWAHo4M0gs0i1oEKgPpWC5cW8OCzVrOQRv-1npXRWk8udnW3oYhIO4475rds",
          auth: "5I2Bu2oKdyy9CwL8QVF0NQ",
        },
      },
    ),
  },
  responses: { ...answer, ...errorResponses("validation_failed", "unauthorized", "unavailable") },
});

const unsubscribeRoute = createRoute({
  method: "delete",
  path: "/subscriptions",
  operationId: "unsubscribeFromPush",
  summary: "Turn notifications off in this browser",
  description: "For the signed-in player: turns notifications off in the browser of this endpoint, if it is theirs.",
  ...common,
  middleware: [requireUser] as const,
  request: { body: jsonBody(z.object({ endpoint: endpointSchema }), { endpoint: EXAMPLE_ENDPOINT }) },
  responses: { ...answer, ...errorResponses("validation_failed", "unauthorized", "unavailable") },
});

const withKey = async (settings: Settings, view: ReturnType<typeof readNotifications>) => ({
  publicKey: vapidKeys(settings).publicKey,
  ...(await view),
});

/** Devices and choices are the player's, in their database, beside the outbox the push sender drains in every one. */
export const notificationRoutes = createRouter()
  .openapi(readRoute, async (c) => {
    const userId = c.var.user.id;
    return c.json(await withKey(c.var.settings, readNotifications(c.var.data.player(userId), userId)), 200);
  })
  .openapi(topicsRoute, async (c) => {
    const userId = c.var.user.id;
    return c.json(
      await withKey(c.var.settings, chooseTopics(c.var.data.player(userId), userId, c.req.valid("json"), Date.now())),
      200,
    );
  })
  .openapi(subscribeRoute, async (c) => {
    const userId = c.var.user.id;
    const subscription = c.req.valid("json");
    if (!isPushEndpoint(subscription.endpoint, c.var.settings)) {
      throw new AppError("validation_failed", ENDPOINT_MESSAGE, { field: "endpoint" });
    }
    const home = c.var.data.player(userId);
    // The other databases first: a browser held there under other keys stays there, and is answered as if subscribed here.
    const heldElsewhere = await releaseElsewhere(c.var.data, home, subscription);
    const view = heldElsewhere ? readNotifications(home, userId) : subscribe(home, userId, subscription, Date.now());
    return c.json(await withKey(c.var.settings, view), 200);
  })
  .openapi(unsubscribeRoute, async (c) => {
    const userId = c.var.user.id;
    return c.json(
      await withKey(c.var.settings, unsubscribe(c.var.data.player(userId), userId, c.req.valid("json").endpoint)),
      200,
    );
  });
