import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer } from "../../lib/api";

export type MyPickRow = Answer<typeof client.picks.$get>["items"][number];
export type PickStatus = MyPickRow["status"];
export type PickStats = Answer<typeof client.picks.stats.$get>;

const PICKS_REFRESH_MS = 60_000;

export const myPicksQueryOptions = queryOptions({
  queryKey: ["picks", "mine"],
  queryFn: ({ signal }) => unwrap(client.picks.$get({ query: {} }, { init: { signal } })),
  staleTime: 3 * 60_000,
  refetchInterval: (query) => (query.state.data?.items.some((p) => p.status === "active") ? PICKS_REFRESH_MS : false),
});

/** One question with the viewer's pick, as a shared link or the pick dialog opens it. */
export const questionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["questions", "detail", id],
    queryFn: ({ signal }) =>
      unwrap(client.questions[":id"].$get({ param: { id } }, { init: { signal } })).then((r) => r.question),
  });

export type QuestionDetail = Answer<(typeof client.questions)[":id"]["$get"]>;
export type OutcomeChange = QuestionDetail["outcomeHistory"][number];

/** What a question's own page shows of it, for this viewer: every viewer has their own pick and bookmark on it. */
export const questionDetailQueryKey = (id: string) => ["questions", "detail", id, "page"] as const;

export const questionDetailQueryOptions = (id: string, viewer: string | null) =>
  queryOptions({
    queryKey: [...questionDetailQueryKey(id), viewer],
    queryFn: ({ signal }) => unwrap(client.questions[":id"].$get({ param: { id } }, { init: { signal } })),
  });

export const pickStatsQueryOptions = queryOptions({
  queryKey: ["picks", "stats"],
  queryFn: ({ signal }) => unwrap(client.picks.stats.$get(undefined, { init: { signal } })),
});

export const streakQueryOptions = queryOptions({
  queryKey: ["picks", "streak"],
  queryFn: ({ signal }) =>
    unwrap(client.streak.$get(undefined, { init: { signal } })).catch(() => ({ currentStreak: 0, maxStreak: 0 })),
});

export type StreakEvent = Answer<typeof client.streak.history.$get>["items"][number];

export const streakHistoryQueryOptions = infiniteQueryOptions({
  queryKey: ["picks", "streak", "history"],
  queryFn: ({ pageParam, signal }) =>
    unwrap(client.streak.history.$get({ query: pageParam ? { cursor: pageParam } : {} }, { init: { signal } })),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export type PickRecord = Answer<typeof client.picks.record.$get>;

/** The player's days as their clock has them (minutes behind UTC, as the daily credits send it). */
const timeZone = () => String(new Date().getTimezoneOffset());

export const pickRecordQueryOptions = queryOptions({
  queryKey: ["picks", "record"],
  queryFn: ({ signal }) => unwrap(client.picks.record.$get({ query: { tz: timeZone() } }, { init: { signal } })),
  staleTime: 3 * 60_000,
});
