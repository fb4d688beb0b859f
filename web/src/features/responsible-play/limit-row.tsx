import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { ApiError } from "../../lib/api";
import { formatCredits, formatDateTime } from "../../lib/format";
import type { LimitChange, PlayLimit } from "./play-api";

const PERIODS = { day: "Daily", week: "Weekly", month: "Monthly" } as const;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const amountText = (limit: Pick<PlayLimit, "kind">, amount: number) =>
  limit.kind === "spend" ? formatCredits(amount) : dollars(amount);

/** One limit: what is used of it, any change waiting for its cool-off, and a field to change it. */
export const LimitRow = ({
  limit,
  onSave,
}: {
  limit: PlayLimit;
  onSave: (change: LimitChange) => Promise<unknown>;
}) => {
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = `${PERIODS[limit.period]} ${limit.kind === "spend" ? "pick limit (credits)" : "purchase limit ($)"}`;

  const save = async (amount: number | null) => {
    setBusy(true);
    setError(null);
    try {
      await onSave({ kind: limit.kind, period: limit.period, amount });
      setDraft("");
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "Please try again");
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(draft);
    if (!draft.trim() || !Number.isFinite(value) || value <= 0) {
      setError("Enter an amount above 0");
      return;
    }
    void save(limit.kind === "spend" ? Math.round(value) : Math.round(value * 100));
  };

  return (
    <li className="space-y-2 px-3 py-3 text-sm" data-testid="play-limit">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold">{label}</span>
        <span className="text-slate-700 dark:text-slate-300">
          {limit.amount === null
            ? "No limit"
            : `${amountText(limit, limit.used)} of ${amountText(limit, limit.amount)} used`}
        </span>
      </div>
      {limit.pending ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {limit.pending.amount === null ? "Removed" : `Rises to ${amountText(limit, limit.pending.amount)}`} on{" "}
          {formatDateTime(limit.pending.effectiveAt)}
        </p>
      ) : null}
      <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
        <input
          aria-label={label}
          inputMode="decimal"
          placeholder={limit.kind === "spend" ? "Credits" : "Dollars"}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          className="w-28 rounded-lg border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-950"
        />
        <Button type="submit" variant="secondary" className="!py-1.5" disabled={busy}>
          Set
        </Button>
        {limit.amount !== null && !limit.pending ? (
          <Button variant="secondary" className="!py-1.5" disabled={busy} onClick={() => void save(null)}>
            Remove
          </Button>
        ) : null}
      </form>
      {error ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </li>
  );
};
