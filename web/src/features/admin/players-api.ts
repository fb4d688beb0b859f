import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer, type RequestOf } from "../../lib/api";

type Players = typeof client.admin.players;

export type PlayerSummary = Answer<Players["$get"]>["items"][number];
export type PlayerRecord = Answer<Players[":id"]["$get"]>;
export type AuditEntry = Answer<typeof client.admin.audit.$get>["items"][number];
export type AuditFilters = NonNullable<RequestOf<typeof client.admin.audit.$get>["query"]>;

export const playersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: ["admin", "players", q],
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        client.admin.players.$get(
          { query: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10_000,
  });

export const playerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["admin", "player", id],
    queryFn: ({ signal }) => unwrap(client.admin.players[":id"].$get({ param: { id } }, { init: { signal } })),
  });

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ["admin", "audit", filters],
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        client.admin.audit.$get(
          { query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10_000,
  });

export type AdjustmentInput = Omit<RequestOf<Players[":id"]["credits"]["$post"]>["json"], "amount"> & {
  amount: number | string;
};

/** The amount travels as typed, so a badly typed one gets the server's own message. */
export const adjustCredits = (id: string, json: AdjustmentInput) =>
  unwrap(
    client.admin.players[":id"].credits.$post({
      param: { id },
      json: json as RequestOf<Players[":id"]["credits"]["$post"]>["json"],
    }),
  );
