import { queryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer } from "../../lib/api";

export type AdminDashboard = Answer<typeof client.admin.dashboard.$get>;

/** What the admin panel opens on; refreshed while it is open, as the health page is. */
export const adminDashboardQueryOptions = queryOptions({
  queryKey: ["admin", "dashboard"],
  queryFn: ({ signal }) => unwrap(client.admin.dashboard.$get(undefined, { init: { signal } })),
  refetchInterval: 60_000,
});
