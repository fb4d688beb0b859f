import { PERIODS, type Period } from "./community-queries";

type Props = { value: Period; onChange: (period: Period) => void; label: string };

/** The period filters: '3 Days', '7 Days' and all time. */
export const PeriodFilter = ({ value, onChange, label }: Props) => (
  <div className="flex gap-2" role="radiogroup" aria-label={label}>
    {PERIODS.map((period) => (
      <button
        key={period.value}
        type="button"
        role="radio"
        aria-checked={value === period.value}
        onClick={() => onChange(period.value)}
        className={`rounded-full border px-3 py-1 text-sm font-semibold ${value === period.value ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 dark:border-slate-700"}`}
      >
        {period.label}
      </button>
    ))}
  </div>
);
