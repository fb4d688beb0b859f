export type Intensity = "subtle" | "moderate" | "strong";

export const CREDIT_ANIMATION_DISPLAY_MS = 800;
const BASE_MS: Record<Intensity, number> = { subtle: 300, moderate: 400, strong: 500 };
const SLOWER_TYPES = new Set(["pick_payout", "daily_free"]);

export const intensityOf = (amount: number): Intensity => {
  const size = Math.abs(amount);
  return size >= 100 ? "strong" : size >= 25 ? "moderate" : "subtle";
};

/** The timings: 300/400/500 ms by intensity, 200 ms more for payouts and daily free credits. */
export const animationDuration = (amount: number, transactionType: string) =>
  BASE_MS[intensityOf(amount)] + (SLOWER_TYPES.has(transactionType) ? 200 : 0);

export type CreditBurst = { id: string; amount: number; transactionType: string };

type Listener = (current: CreditBurst | null) => void;

/** One animation at a time; the rest wait their turn. */
export const createBurstQueue = (schedule: (fn: () => void, ms: number) => void = (fn, ms) => setTimeout(fn, ms)) => {
  const queue: CreditBurst[] = [];
  const listeners = new Set<Listener>();
  let current: CreditBurst | null = null;
  const emit = () => listeners.forEach((listener) => listener(current));
  const next = () => {
    current = queue.shift() ?? null;
    emit();
    if (current)
      schedule(next, Math.max(CREDIT_ANIMATION_DISPLAY_MS, animationDuration(current.amount, current.transactionType)));
  };
  return {
    push(burst: CreditBurst) {
      queue.push(burst);
      if (!current) next();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    current: () => current,
  };
};
