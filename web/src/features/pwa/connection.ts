import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * TanStack Query assumes a connection until the browser fires `offline`, so an app opened without a network would
 * send every query, wait out its retries and show errors. Following navigator.onLine from the start instead, queries
 * wait while offline and go out when the connection returns; the offline banner reads the same state.
 */
export const followBrowserConnection = () =>
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  });

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);

const isOnline = () => onlineManager.isOnline();

/** The worker's first view of a page (web/src/ssr) is drawn online. */
export const useOnline = () => useSyncExternalStore(subscribe, isOnline, () => true);
