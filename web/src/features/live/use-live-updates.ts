import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../auth/auth-queries";
import { applyLiveMessage } from "./apply-live-message";
import { afterClose, reconnectDelay } from "./backoff";
import type { CreditBurst } from "./credit-animation";
import { isSilent, PING_INTERVAL_MS } from "./heartbeat";

const liveUrl = () => `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/api/live`;

/**
 * One socket per tab, opened at start-up and again whenever the signed-in user changes; `<html data-live>` says
 * whether it is open, for whoever needs to know that updates arrive (the browser journeys wait on it). After a reconnect the
 * affected queries are refetched, so an event missed while offline is never a wrong balance for long.
 */
export const useLiveUpdates = (onBurst: (burst: CreditBurst) => void) => {
  const queryClient = useQueryClient();
  const { status, me } = useAuth();
  const userId = me?.user.id ?? null;

  useEffect(() => {
    if (status === "loading") return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let retryTimer: number | undefined;
    let pingTimer: number | undefined;
    let lastFrameAt = 0;

    // The protocol's module loads with the socket, after the first paint; it builds its validator at the first frame.
    const protocol = import("#shared/live-messages");

    // Offline, every attempt would fail at once (and log an error), so it waits for the browser's `online`. The queries
    // on screen refetch on that same event (lib/query-client.ts), so the socket opened then does not refetch them again.
    const openWhenOnline = () => void open();
    const reconnectLater = () => {
      window.clearInterval(pingTimer);
      if (stopped) return;
      retryTimer = window.setTimeout(() => void open(), reconnectDelay(attempt++));
    };

    const open = async () => {
      const { messagesOfFrame } = await protocol;
      if (stopped) return;
      if (!navigator.onLine) {
        attempt = 0;
        window.addEventListener("online", openWhenOnline, { once: true });
        return;
      }
      const current = new WebSocket(liveUrl());
      socket = current;
      current.addEventListener("open", () => {
        document.documentElement.dataset.live = "open";
        if (attempt > 0) {
          for (const key of [["me"], ["picks"], ["questions"], ["activity"], ["referrals"]])
            void queryClient.invalidateQueries({ queryKey: key });
        }
        attempt = 0;
        lastFrameAt = Date.now();
        pingTimer = window.setInterval(() => {
          if (current.readyState !== WebSocket.OPEN) return;
          if (!isSilent(lastFrameAt, Date.now())) return current.send("ping");
          // A half-open socket may take minutes to report its close: drop it and reconnect now (which refetches).
          socket = null;
          current.close(4000, "silent");
          reconnectLater();
        }, PING_INTERVAL_MS);
      });
      current.addEventListener("message", (event) => {
        lastFrameAt = Date.now();
        if (event.data === "pong") return;
        for (const message of messagesOfFrame(String(event.data))) applyLiveMessage(queryClient, message, onBurst);
      });
      current.addEventListener("close", (event) => {
        if (socket !== current) return;
        document.documentElement.dataset.live = "closed";
        if (afterClose(event.code) === "reconnect") return reconnectLater();
        window.clearInterval(pingTimer);
        const resume = () => {
          if (document.visibilityState !== "visible") return;
          window.removeEventListener("focus", resume);
          document.removeEventListener("visibilitychange", resume);
          if (!stopped && socket === current) void open();
        };
        window.addEventListener("focus", resume);
        document.addEventListener("visibilitychange", resume);
      });
    };
    void open();

    return () => {
      stopped = true;
      window.removeEventListener("online", openWhenOnline);
      window.clearTimeout(retryTimer);
      window.clearInterval(pingTimer);
      socket?.close(1000, "done");
    };
  }, [status, userId, queryClient, onBurst]);
};
