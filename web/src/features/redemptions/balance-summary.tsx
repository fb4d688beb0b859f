import { formatCount, formatCredits } from "../../lib/format";
import type { Credits } from "../auth/auth-queries";

/** Shown wherever credits can be redeemed: what can go out, what cannot, and why. */
export const BalanceSummary = ({ credits }: { credits: Credits }) => (
  <div className="rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800" data-testid="balance-summary">
    <p>
      <span className="font-semibold">Redeemable: {formatCredits(credits.redeemable)}</span>
      <span className="text-slate-600 dark:text-slate-400"> of {formatCount(credits.balance)} total</span>
    </p>
    <p className="mt-1 text-slate-600 dark:text-slate-400">
      Only credits won from picks can be redeemed; purchased and bonus credits are for playing, as sweepstakes rules
      require.
    </p>
  </div>
);
