import { CloudOff } from "lucide-react";
import { formatCompactCount, formatCount, formatCredits } from "../../lib/format";
import { useOnline } from "../pwa/connection";

/** The balance; offline it is the last one known, and says so. */
export const CreditsPill = ({ balance }: { balance: number }) => {
  const online = useOnline();
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-1 md:gap-1.5 md:px-3 text-sm font-bold ${online ? "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100" : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"}`}
      aria-label={online ? formatCredits(balance) : `${formatCredits(balance)}, last known (offline)`}
      title={online ? undefined : "Last known balance: you're offline"}
      data-testid="credits-pill"
      data-offline={online ? undefined : "true"}
    >
      {online ? (
        <span
          aria-hidden="true"
          className="flex h-5 w-5 items-center justify-center rounded-full bg-amber-500 text-xs text-white"
        >
          C
        </span>
      ) : (
        <CloudOff aria-hidden="true" size={16} />
      )}
      {/* A phone's header has room for about five characters of balance beside the other pills. */}
      <span className="md:hidden">{formatCompactCount(balance)}</span>
      <span className="hidden md:inline">{formatCount(balance)}</span>
    </span>
  );
};
