import { Target, Trophy } from "lucide-react";
import { Link } from "@tanstack/react-router";
import { CountryFlag } from "../../features/auth/country-flag";
import type { ActivityEntry } from "../../features/community/community-queries";
import { timeAgo } from "../../features/community/format";
import { formatCredits } from "../../lib/format";

/** A pick or a win, linking to its question on the feed. */
export const ActivityItem = ({ entry, now }: { entry: ActivityEntry; now: number }) => (
  <li data-testid="activity-entry">
    <Link
      to="/home"
      search={{ q: entry.questionId }}
      className="flex items-start gap-3 rounded-xl border border-slate-200 p-3 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900"
    >
      <span aria-hidden="true" className="mt-0.5 text-brand-700 dark:text-brand-500">
        {entry.kind === "win" ? <Trophy size={20} /> : <Target size={20} />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm">
          <CountryFlag code={entry.country} className="mr-1" />
          <span className="font-semibold">{entry.username}</span>{" "}
          {entry.kind === "win" ? (
            <>
              won{" "}
              <span className="font-semibold text-brand-800 dark:text-brand-100">{formatCredits(entry.credits)}</span>{" "}
              with {entry.choiceLabel}
            </>
          ) : (
            <>
              picked <span className="font-semibold">{entry.choiceLabel}</span>
              {entry.credits > 0 ? ` for ${formatCredits(entry.credits)}` : " (free pick)"}
            </>
          )}
        </span>
        <span className="block truncate text-sm text-slate-700 dark:text-slate-300">{entry.questionTitle}</span>
      </span>
      <time
        dateTime={new Date(entry.createdAt).toISOString()}
        className="shrink-0 text-xs text-slate-600 dark:text-slate-400"
      >
        {timeAgo(entry.createdAt, now)}
      </time>
    </Link>
  </li>
);
