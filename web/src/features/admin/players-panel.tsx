import { useInfiniteQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { EmptyState } from "../../components/page";
import { Button } from "../../components/ui/button";
import { InputField } from "../../components/ui/field";
import { formatDateTime } from "../../lib/format";
import { PlayerRecordView } from "./player-record";
import { playersQueryOptions } from "./players-api";

/** Find a player by email or username, then open their record. */
export const PlayersPanel = () => {
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    playersQueryOptions(search),
  );
  const items = data?.pages.flatMap((page) => page.items) ?? [];

  if (selected) return <PlayerRecordView id={selected} onBack={() => setSelected(null)} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
  };

  return (
    <section className="space-y-4" aria-label="Players">
      <form role="search" onSubmit={submit} className="flex items-end gap-2">
        <div className="flex-1">
          <InputField
            label="Search players"
            type="search"
            placeholder="Email or username"
            value={draft}
            maxLength={100}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {isError ? <p role="alert">Error loading data</p> : null}
      {isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
      {data && items.length === 0 ? <EmptyState title="No players found" /> : null}
      {items.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {items.map((player) => (
            <li key={player.id}>
              <button
                type="button"
                onClick={() => setSelected(player.id)}
                className="flex w-full flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-3 py-3 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-900"
              >
                <span className="min-w-0 wrap-anywhere">
                  <span className="font-semibold">{player.username}</span>{" "}
                  <span className="text-slate-600 dark:text-slate-400">{player.email}</span>
                  {player.role === "admin" ? (
                    <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs dark:bg-slate-800">Admin</span>
                  ) : null}
                  {player.deletedAt ? (
                    <span className="ml-2 rounded bg-red-100 px-1.5 text-xs text-red-800 dark:bg-red-950 dark:text-red-200">
                      Deleted
                    </span>
                  ) : null}
                </span>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  Joined {formatDateTime(player.createdAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {hasNextPage ? (
        <Button variant="secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </section>
  );
};
