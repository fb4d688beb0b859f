import type { UserStats } from "./community-queries";

type Activity = UserStats["recentActivity"];

const RESULTS = {
  win: { letter: "W", label: "Win", className: "bg-emerald-700 text-white dark:bg-emerald-400 dark:text-slate-950" },
  loss: { letter: "L", label: "Loss", className: "bg-red-700 text-white dark:bg-red-400 dark:text-slate-950" },
  void: { letter: "V", label: "Void", className: "bg-slate-600 text-white dark:bg-slate-400 dark:text-slate-950" },
} as const;

/**
 * The player's form: their latest settled picks as a row of results, oldest left as in a league table's form guide,
 * a letter in each so the colour is never the only sign. Its text alternative names them in the same order.
 */
export const FormStrip = ({ activity }: { activity: Activity }) => {
  if (activity.length === 0) return null;
  const oldestFirst = [...activity].reverse();
  return (
    <div className="flex items-center justify-between gap-3">
      <h3 className="text-sm font-semibold">Form</h3>
      <div
        role="img"
        aria-label={`Form, oldest to newest: ${oldestFirst.map((item) => RESULTS[item.result].label).join(", ")}`}
        className="flex gap-1"
        data-testid="form-strip"
      >
        {oldestFirst.map((item) => (
          <span
            key={item.pickId}
            className={`flex h-7 w-7 items-center justify-center rounded-md text-xs font-bold ${RESULTS[item.result].className}`}
          >
            {RESULTS[item.result].letter}
          </span>
        ))}
      </div>
    </div>
  );
};
