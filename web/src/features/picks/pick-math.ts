export const MULTIPLIERS = [1, 2, 3, 4, 5] as const;
const FREE_PICK_PAYOUT = 2;

/** Mirrors the server's rule (docs/product-rules.md): free picks cost 0 at multiplier 1 and pay 2; others pay twice the cost. */
export const pickCost = (creditCost: number, multiplier: number) => (creditCost === 0 ? 0 : creditCost * multiplier);

export const potentialPayout = (creditCost: number, multiplier: number) =>
  creditCost === 0 ? FREE_PICK_PAYOUT : pickCost(creditCost, multiplier) * 2;

export const shortfall = (balance: number, cost: number) => Math.max(0, cost - balance);

type Openness = { status: string; outcome: string; deadline: number };

/** Whether a question still takes picks, as the server decides: published, unresolved and before its deadline. */
export const takesPicks = ({ status, outcome, deadline }: Openness, now = Date.now()) =>
  status === "published" && outcome === "unresolved" && deadline > now;

const CHEERS = [
  "Good luck!",
  "Bold call. Let's see it land!",
  "Your streak thanks you.",
  "Locked in. Fingers crossed!",
  "That's the spirit!",
] as const;

export const cheerfulMessage = (random = Math.random()) => CHEERS[Math.floor(random * CHEERS.length)] ?? CHEERS[0];
