import { useInfiniteQuery, infiniteQueryOptions } from "@tanstack/react-query";
import { EmptyState } from "../../components/page";
import { Button } from "../../components/ui/button";
import { client, unwrap, type Answer } from "../../lib/api";
import { ContestForm } from "./contest-form";

type AdminContest = Answer<typeof client.admin.contests.$get>["items"][number];

const adminContestsQueryOptions = infiniteQueryOptions({
  queryKey: ["admin", "contests"],
  queryFn: ({ pageParam, signal }) =>
    unwrap(client.admin.contests.$get({ query: pageParam ? { cursor: pageParam } : {} }, { init: { signal } })),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

const when = (epochMs: number) =>
  new Date(epochMs).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

const state = (c: AdminContest) =>
  c.paidAt
    ? `Paid ${c.prizesPaid} credits`
    : c.closedAt
      ? "Paying prizes"
      : c.status === "ended"
        ? "Ending"
        : c.status === "active"
          ? "Running"
          : "Upcoming";

/** Admins create contests and follow each one from upcoming to paid. */
export const ContestsPanel = () => {
  const list = useInfiniteQuery(adminContestsQueryOptions);
  const contests = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="space-y-4">
      <ContestForm />
      {list.isError ? <p role="alert">Error loading data</p> : null}
      {list.data && contests.length === 0 ? <EmptyState title="No contests yet" /> : null}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {contests.map((c) => (
          <li
            key={c.id}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
            data-testid="admin-contest"
          >
            <div className="min-w-0 wrap-anywhere">
              <p className="font-semibold">{c.title}</p>
              <p className="text-slate-600 dark:text-slate-400">
                {when(c.startsAt)} to {when(c.endsAt)} · {c.entrants} players
              </p>
            </div>
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold dark:bg-slate-700">
              {state(c)}
            </span>
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="secondary" onClick={() => void list.fetchNextPage()}>
          Show more
        </Button>
      ) : null}
    </div>
  );
};
