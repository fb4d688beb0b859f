import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState } from "../../components/page";
import { Button } from "../../components/ui/button";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AuditEntryRow } from "./audit-entry";
import { auditQueryOptions, type AuditFilters } from "./players-api";

const SELECT_CLASS =
  "mt-1 block rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-950";

/** The append-only log of every admin action, newest first, narrowed by what was done and to what. */
export const AuditPanel = () => {
  const [filters, setFilters] = useState<AuditFilters>({});
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    auditQueryOptions(filters),
  );
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const choose = (key: "action" | "entity", value: string) =>
    setFilters(({ [key]: _previous, ...rest }) => (value ? { ...rest, [key]: value } : rest));

  return (
    <section className="space-y-4" aria-label="Audit log">
      <div className="flex flex-wrap gap-3">
        <label className="text-sm font-medium">
          Action
          <select
            className={SELECT_CLASS}
            value={filters.action ?? ""}
            onChange={(e) => choose("action", e.target.value)}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Concerning
          <select
            className={SELECT_CLASS}
            value={filters.entity ?? ""}
            onChange={(e) => choose("entity", e.target.value)}
          >
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isError ? <p role="alert">Error loading data</p> : null}
      {isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
      {data && items.length === 0 ? <EmptyState title="No audit entries" /> : null}
      {items.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {items.map((entry) => (
            <AuditEntryRow key={entry.id} entry={entry} />
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
