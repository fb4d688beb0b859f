import type { FetchStatus } from "@tanstack/react-query";
import { useOnline } from "./connection";
import { OfflineNotice } from "./offline-notice";

/**
 * Offline, TanStack Query pauses a fetch instead of failing it (see connection.ts), so a query opened without a
 * network stays pending for as long as the network is gone. A page that shows "Loading..." for that, or nothing,
 * says something false; with this it says why there is nothing yet.
 */
export const waitsForNetwork = (query: { data: unknown; fetchStatus: FetchStatus }) =>
  query.data === undefined && query.fetchStatus === "paused";

/** What a list shows in place of its rows while they wait for the network. */
export const NeedsConnection = ({ what }: { what: string }) => (
  <OfflineNotice title={`${what} a connection`}>They'll load as soon as you're back online.</OfflineNotice>
);

/**
 * The router's pending screen. A signed-in page waits in its guard for the session (`me`), which never comes offline
 * on a cold start of the installed app: the page's place says so. Online it shows nothing; the loading bar
 * runs meanwhile.
 */
export const RoutePending = () => {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <OfflineNotice title="This page needs a connection">It will open as soon as you're back online.</OfflineNotice>
    </div>
  );
};
