import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { ApiError } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { toast } from "../../lib/toast";
import { BREAKS, breakQuestion } from "./break-lengths";
import { LimitRow } from "./limit-row";
import {
  endExclusion,
  playQueryOptions,
  selfExclude,
  setLimit,
  takeBreak,
  type ExclusionLength,
  type PlayView,
} from "./play-api";

const EXCLUSIONS: { length: ExclusionLength; label: string }[] = [
  { length: "6m", label: "6 months" },
  { length: "permanent", label: "Permanently" },
];

type Pending = { title: string; description: string; run: () => Promise<PlayView> } | null;

const Status = ({ view }: { view: PlayView }) => {
  if (view.exclusion) {
    const { permanent, until, endsAt } = view.exclusion;
    const text = permanent
      ? "You have excluded yourself from play permanently."
      : endsAt
        ? `Your self-exclusion ends on ${formatDateTime(endsAt)}.`
        : `You have excluded yourself from play until at least ${formatDateTime(until ?? 0)}.`;
    return (
      <p
        role="status"
        className="rounded-lg bg-amber-100 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
      >
        {text}
      </p>
    );
  }
  if (view.breakUntil) {
    return (
      <p
        role="status"
        className="rounded-lg bg-amber-100 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
      >
        You are on a break until {formatDateTime(view.breakUntil)}. You can still see your picks and redeem your
        winnings.
      </p>
    );
  }
  return null;
};

/** The player's own tools: limits on spending (picks and contest entries) and purchases, a break, self-exclusion. */
export const ResponsiblePlaySection = () => {
  const queryClient = useQueryClient();
  const { data: view } = useQuery(playQueryOptions);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  const store = (next: PlayView) => queryClient.setQueryData(playQueryOptions.queryKey, next);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      store(await pending.run());
      toast.success("Saved");
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Please try again");
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  if (!view) return null;
  const canComeBack =
    view.exclusion &&
    !view.exclusion.permanent &&
    !view.exclusion.endsAt &&
    (view.exclusion.until ?? Infinity) <= Date.now();

  return (
    <section className="space-y-4" aria-labelledby="responsible-play-title">
      <div>
        <h2 id="responsible-play-title" className="text-base font-semibold">
          Responsible play
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Credit limits cover everything you spend credits on: picks and contest entries. Limits count the last 24
          hours, 7 days or 30 days. A lower limit holds at once; a higher one, or none, after 24 hours.
        </p>
      </div>
      <Status view={view} />
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {view.limits.map((limit) => (
          <LimitRow
            key={`${limit.kind}-${limit.period}`}
            limit={limit}
            onSave={async (change) => store(await setLimit(change))}
          />
        ))}
      </ul>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">Take a break</h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No picks, purchases or challenges until it ends. It cannot be cut short.
        </p>
        <div className="flex flex-wrap gap-2">
          {BREAKS.map((b) => (
            <Button
              key={b.length}
              variant="secondary"
              onClick={() =>
                setPending({
                  title: breakQuestion(b.length),
                  description: "Picks, purchases and challenges pause at once, and the break cannot be cut short.",
                  run: () => takeBreak(b.length),
                })
              }
            >
              {b.label}
            </Button>
          ))}
        </div>
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">Self-exclusion</h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Close picks, purchases and challenges to yourself for 6 months or for good. Once a 6-month exclusion has run,
          you can ask to come back; play returns 24 hours later.
        </p>
        <div className="flex flex-wrap gap-2">
          {EXCLUSIONS.map((e) => (
            <Button
              key={e.length}
              variant="danger"
              onClick={() =>
                setPending({
                  title: `Exclude yourself ${e.length === "6m" ? "for 6 months" : "permanently"}?`,
                  description: e.length === "6m" ? "You cannot undo this for 6 months." : "You can never undo this.",
                  run: () => selfExclude(e.length),
                })
              }
            >
              {e.label}
            </Button>
          ))}
          {canComeBack ? (
            <Button
              onClick={() =>
                setPending({
                  title: "Come back to play?",
                  description: "Play returns 24 hours from now.",
                  run: endExclusion,
                })
              }
            >
              Come back
            </Button>
          ) : null}
        </div>
      </div>
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.title ?? ""}
        description={pending?.description}
        footer={
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button className="flex-1" disabled={busy} onClick={() => void confirm()}>
              {busy ? "Saving..." : "Confirm"}
            </Button>
          </div>
        }
      >
        {null}
      </Dialog>
    </section>
  );
};
