import { useCallback, useEffect, useState } from "react";
import { animationDuration, createBurstQueue, intensityOf, type CreditBurst } from "./credit-animation";
import { useLiveUpdates } from "./use-live-updates";
import { formatCredits } from "../../lib/format";

const queue = createBurstQueue();

const SIZE = { subtle: "text-base", moderate: "text-xl", strong: "text-3xl" } as const;

/** Connects the live client and shows each credit change as a short "+N" / "-N" burst under the header. */
export const LiveUpdates = () => {
  const [burst, setBurst] = useState<CreditBurst | null>(queue.current());
  useEffect(() => queue.subscribe(setBurst), []);
  const onBurst = useCallback((next: CreditBurst) => queue.push(next), []);
  useLiveUpdates(onBurst);

  if (!burst) return null;
  const positive = burst.amount > 0;
  return (
    <div
      key={burst.id}
      role="status"
      data-testid="credit-burst"
      data-intensity={intensityOf(burst.amount)}
      style={{ animationDuration: `${animationDuration(burst.amount, burst.transactionType)}ms` }}
      className={`pointer-events-none fixed right-4 top-[calc(var(--header-height)+0.5rem)] z-50 animate-[fade-in_ease-out] rounded-full px-4 py-1 font-black shadow-lg ${SIZE[intensityOf(burst.amount)]} ${
        positive ? "bg-brand-600 text-white" : "bg-slate-800 text-white"
      }`}
    >
      {positive ? "+" : ""}
      {formatCredits(burst.amount)}
    </div>
  );
};
