import { subscriptionBody } from "../pwa/subscription-renewal";
import {
  forgetSubscription,
  saveSubscription,
  type BrowserSubscription,
  type NotificationsView,
} from "./notifications-api";

export type PushSupport = "supported" | "unsupported" | "blocked";

/** Notifications need a service worker, the Push API and permission; iOS offers them only to the installed app. */
export const pushSupport = (): PushSupport => {
  if (
    typeof navigator === "undefined" ||
    !("serviceWorker" in navigator) ||
    !("PushManager" in window) ||
    !("Notification" in window)
  )
    return "unsupported";
  return Notification.permission === "denied" ? "blocked" : "supported";
};

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

const registration = () => navigator.serviceWorker.getRegistration();

/** This browser's subscription, if it has one: the profile shows "on" only for the device the player is holding. */
export const currentSubscription = async () => (await (await registration())?.pushManager.getSubscription()) ?? null;

export class PushRefused extends Error {}

/**
 * Asks the browser's permission only now, after the player asked for notifications, then subscribes with our key
 * and hands the subscription to the server.
 */
export const turnOnPush = async (publicKey: string) => {
  if ((await Notification.requestPermission()) !== "granted")
    throw new PushRefused("Notifications are blocked in this browser's settings.");
  const ready = await registration();
  if (!ready) throw new PushRefused("Notifications need the app to finish installing. Reload the page and try again.");
  const subscription = await ready.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: fromBase64Url(publicKey),
  });
  const body = subscriptionBody(subscription.toJSON());
  if (!body) throw new PushRefused("This browser gave an incomplete subscription.");
  return saveSubscription(body);
};

/**
 * Sends this browser's subscription to the server again when it has one (the server upserts it), so that a profile
 * showing "on" is true: the server may have dropped it (404/410 from the push service, the device cap) or given the
 * endpoint to another account. Null when the browser has no subscription or the server refused it.
 */
export const resendSubscription = async (
  subscription: { toJSON: () => PushSubscriptionJSON } | null,
  save: (body: BrowserSubscription) => Promise<NotificationsView> = saveSubscription,
) => {
  const body = subscription && subscriptionBody(subscription.toJSON());
  return body ? save(body).catch(() => null) : null;
};

export const turnOffPush = async () => {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return forgetSubscription(subscription.endpoint);
};
