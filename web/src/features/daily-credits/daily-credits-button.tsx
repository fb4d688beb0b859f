import { Gift } from "lucide-react";
import { lazy, Suspense } from "react";
import { formatCredits } from "../../lib/format";
import { useDailyCredits } from "./daily-credits-claim";
import { useOfferedToday } from "./offered-today";

// The offer's code loads only on the day it is shown.
const DailyCreditsOffer = lazy(() => import("./daily-credits-offer").then((m) => ({ default: m.DailyCreditsOffer })));

/** The header's offer of today's free credits, shown only while a claim is open, and once a day as a small sheet. */
export const DailyCreditsButton = ({ userId }: { userId: string }) => {
  const { offer, claim, claiming } = useDailyCredits(userId);
  const sheet = useOfferedToday(offer !== null);
  if (!offer) return null;
  const label = `Claim ${formatCredits(offer.amount)} free today`;
  return (
    <>
      {/* The button is a finger's height (44 px); the pill drawn inside it stays small. */}
      <button
        type="button"
        onClick={claim}
        disabled={claiming}
        aria-label={label}
        title={label}
        data-testid="daily-credits"
        className="group flex h-11 shrink-0 items-center disabled:opacity-60"
      >
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-1 text-sm font-bold text-emerald-900 transition-colors group-hover:bg-emerald-200 dark:bg-emerald-900/40 dark:text-emerald-100 dark:group-hover:bg-emerald-900/60">
          <Gift aria-hidden="true" size={16} className="text-emerald-600 dark:text-emerald-300" />
          <span aria-hidden="true">+{offer.amount}</span>
        </span>
      </button>
      {sheet.open ? (
        <Suspense fallback={null}>
          <DailyCreditsOffer
            amount={offer.amount}
            claiming={claiming}
            onClaim={() => {
              sheet.close();
              claim();
            }}
            onClose={sheet.close}
          />
        </Suspense>
      ) : null}
    </>
  );
};
