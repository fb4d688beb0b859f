import type { RouterHistory } from "@tanstack/react-router";
import { whenIdleAfterLoad } from "../../lib/when-idle";
import { SKIP_WAITING } from "./sw-messages";

const UPDATE_CHECK_MS = 60 * 60_000;
/** Activation only deletes the old build's cache entries: it takes milliseconds, unless the worker is stuck. */
const TAKEOVER_TIMEOUT_MS = 3000;

/**
 * Registers /sw.js once the page has loaded and the main thread is idle, so it never competes with the first paint.
 * Production builds only: `vite dev` serves modules the worker would never precache.
 */
export const startServiceWorker = (history: RouterHistory) => {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  whenIdleAfterLoad(() => void register(history));
};

const register = async (history: RouterHistory) => {
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  } catch (error) {
    // A private window or a blocked storage: the app simply runs without one.
    console.warn("service_worker_unavailable", error);
    return;
  }
  reloadIntoNewBuild(history, registration, watchReplacement());
  checkForUpdates(registration);
};

/**
 * True once a newer worker has taken this page over (another tab activated it): the page still runs the build it
 * loaded, whose lazy chunks the new worker does not hold. The first worker claiming an uncontrolled page is no update.
 */
const watchReplacement = () => {
  let controlled = Boolean(navigator.serviceWorker.controller);
  let replaced = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (controlled) replaced = true;
    controlled = true;
  });
  return () => replaced;
};

/**
 * Once a newer build is waiting (or already in charge), the player's next link becomes a full page load of that link
 * under the new worker instead of a move inside the old build: no prompt, no reload in the middle of a pick, and no
 * old page asking for chunks that are gone. Back and forward stay inside the app, as does a replace (a filter).
 */
const reloadIntoNewBuild = (
  history: RouterHistory,
  registration: ServiceWorkerRegistration,
  replaced: () => boolean,
) => {
  history.block({
    enableBeforeUnload: false,
    blockerFn: async ({ nextLocation, action }) => {
      const waiting = navigator.serviceWorker.controller ? registration.waiting : null;
      // Offline the new page could not be fetched: the old build keeps serving until the network is back.
      if (action !== "PUSH" || !navigator.onLine || !(waiting || replaced())) return false;
      if (waiting) await takeOver(waiting);
      window.location.assign(nextLocation.href);
      return true;
    },
  });
};

/** Tells the waiting worker to activate and waits until it controls this page (open pages switch to it at once). */
const takeOver = (waiting: ServiceWorker) =>
  new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, TAKEOVER_TIMEOUT_MS);
    navigator.serviceWorker.addEventListener(
      "controllerchange",
      () => {
        window.clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
    waiting.postMessage({ type: SKIP_WAITING });
  });

/**
 * The browser looks for a new /sw.js on each page load; an installed app can stay open for days without one, so it
 * also looks every hour and when the app comes back to the foreground after an hour away.
 */
const checkForUpdates = (registration: ServiceWorkerRegistration) => {
  let lastCheck = Date.now();
  const check = () => {
    if (!navigator.onLine) return;
    lastCheck = Date.now();
    registration.update().catch(() => undefined);
  };
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheck >= UPDATE_CHECK_MS) check();
  });
};
