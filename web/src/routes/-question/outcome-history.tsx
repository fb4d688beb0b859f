import type { Question } from "../../features/feed/feed-queries";
import type { OutcomeChange } from "../../features/picks/picks-queries";
import { formatDateTime } from "../../lib/format";
import { outcomeChangeText } from "./outcome-change-text";

/** How the question was settled: each outcome it was given, oldest first, with the reason for every change. */
export const OutcomeHistory = ({ changes, question }: { changes: OutcomeChange[]; question: Question }) => (
  <section
    aria-labelledby="settlement-history"
    className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
  >
    <h2 id="settlement-history" className="text-lg font-semibold">
      Settlement history
    </h2>
    {changes.length === 0 ? (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Not settled yet: the result shows here once it is in.
      </p>
    ) : (
      <ol className="mt-3 space-y-3 border-l border-slate-200 pl-4 dark:border-slate-700">
        {changes.map((change, index) => (
          // The list only grows at its end, and two changes may share a millisecond.
          <li key={`${change.changedAt}-${index}`} className="text-sm" data-testid="outcome-change">
            <p className="font-semibold [overflow-wrap:anywhere]">{outcomeChangeText(change, question)}</p>
            {change.reason ? (
              <p className="text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">Reason: {change.reason}</p>
            ) : null}
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <time dateTime={new Date(change.changedAt).toISOString()}>{formatDateTime(change.changedAt)}</time>
            </p>
          </li>
        ))}
      </ol>
    )}
  </section>
);
