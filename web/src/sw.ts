import "./lib/zod-jitless";
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
import { clickTarget, noticeFromPush } from "./features/pwa/push-notification";
import { isServerPath } from "./features/pwa/server-paths";
import { renewSubscription, type SubscriptionChange } from "./features/pwa/subscription-renewal";
import { SKIP_WAITING } from "./features/pwa/sw-messages";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The app's page, precached with the build it names, so the offline fallback never points at missing chunks. */
const SHELL = "/index.html";

// Navigations first, ahead of the precache: the page always comes from the network when there is one, so a deploy
// reaches players at once; only when the network fails does the precached page of this worker's own build answer.
// Nothing is stored on the way. The worker's own paths (the API, share pages) go to the network with no fallback.
registerRoute(
  ({ request }) => request.mode === "navigate",
  new NetworkOnly({
    plugins: [
      {
        handlerDidError: async ({ request }) =>
          isServerPath(new URL(request.url).pathname) ? undefined : matchPrecache(SHELL),
      },
    ],
  }),
);

// The build's files by content hash (index.html, the icons and the other public files by revision). "/" must not
// match index.html from the cache: it is a navigation, and navigations are network first.
precache(self.__WB_MANIFEST);
addRoute({ directoryIndex: "", cleanURLs: false });
cleanupOutdatedCaches();

self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // The first worker takes the page that registered it, so that page works offline without a reload. The navigation
  // request starts while the worker boots, rather than after.
  event.waitUntil(Promise.all([self.clients.claim(), self.registration.navigationPreload?.enable()]));
});

self.addEventListener("push", (event) => {
  const notice = noticeFromPush(event.data?.text());
  if (notice) event.waitUntil(self.registration.showNotification(notice.title, notice.options));
});

// The browser replaced or dropped this device's subscription (the push service rotated or expired it): subscribe
// again and tell the server, or notifications would stop while the profile still says they are on. The request
// carries the session cookie; a signed-out browser's renewal is refused and the profile sends it at the next visit.
self.addEventListener("pushsubscriptionchange", (event) => {
  const change = event as ExtendableEvent & Pick<SubscriptionChange, "oldSubscription" | "newSubscription">;
  change.waitUntil(
    renewSubscription({
      oldSubscription: change.oldSubscription,
      newSubscription: change.newSubscription,
      pushManager: self.registration.pushManager,
      fetch: (url, init) => fetch(url, init),
    }).catch(() => false),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPage(clickTarget(event.notification.data, self.location.origin)));
});

/** Brings a window of the app forward on `path`, or opens one there. */
const openPage = async (path: string) => {
  const windows = await self.clients.matchAll({ type: "window" });
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (!open) {
    await self.clients.openWindow(path);
    return;
  }
  const focused = await open.focus();
  await focused.navigate(path);
};
