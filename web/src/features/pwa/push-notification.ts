import { pushPayloadSchema } from "#shared/push-payload";

export const NOTIFICATION_ICON = "/icons/icon-192.png";
/** White on transparent: Android draws only a badge's alpha channel, in the status bar. */
export const NOTIFICATION_BADGE = "/icons/badge-96.png";
const FALLBACK_URL = "/home";

type Notice = { title: string; options: NotificationOptions };

/**
 * What a push message shows, or null when its data is not JSON or not a payload of ours: such a message is dropped
 * rather than thrown on, since a throw in the push handler only ends up in the service worker's console.
 */
export const noticeFromPush = (text: string | undefined): Notice | null => {
  if (text === undefined) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = pushPayloadSchema.safeParse(data);
  if (!parsed.success) return null;
  const { title, body, tag, url } = parsed.data;
  return { title, options: { body, tag, data: { url }, icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE } };
};

/**
 * The page a tapped notification opens: only ever one of our own. Its data was checked when it was shown, but a
 * notification can outlive the worker that showed it, and a path the schema allows can still leave the site once
 * resolved ("/\evil.example" is "//evil.example" to a URL parser), so it is checked again, by origin.
 */
export const clickTarget = (data: unknown, origin: string): string => {
  const url = (data as { url?: unknown } | null)?.url;
  if (typeof url !== "string" || !pushPayloadSchema.shape.url.safeParse(url).success) return FALLBACK_URL;
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : FALLBACK_URL;
};
