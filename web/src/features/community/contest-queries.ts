import { queryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer } from "../../lib/api";

export type Contest = Answer<typeof client.contests.$get>["items"][number];
export type ContestStanding = Contest["standings"][number];

const CONTESTS_REFRESH_MS = 60_000;

export const contestsQueryOptions = (viewer: string | null) =>
  queryOptions({
    queryKey: ["contests", viewer],
    queryFn: ({ signal }) => unwrap(client.contests.$get(undefined, { init: { signal } })).then((r) => r.items),
    staleTime: 30_000,
    refetchInterval: CONTESTS_REFRESH_MS,
  });
