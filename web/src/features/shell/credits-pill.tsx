import { formatCount, formatCredits } from "../../lib/format";

export const CreditsPill = ({ balance }: { balance: number }) => (
  <span
    className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-sm font-bold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
    aria-label={formatCredits(balance)}
    data-testid="credits-pill"
  >
    <span
      aria-hidden="true"
      className="flex h-5 w-5 items-center justify-center rounded-full bg-amber-500 text-xs text-white"
    >
      C
    </span>
    {formatCount(balance)}
  </span>
);
