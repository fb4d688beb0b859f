const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long settlement has waited, as an operator reads it: "none waiting", "under a minute", "12 min", "3 h 5 min", "2 d 4 h". */
export const formatLag = (lagMs: number | null) => {
  if (lagMs === null) return "none waiting";
  if (lagMs < MINUTE) return "under a minute";
  if (lagMs < HOUR) return `${Math.floor(lagMs / MINUTE)} min`;
  if (lagMs < DAY) return `${Math.floor(lagMs / HOUR)} h ${Math.floor((lagMs % HOUR) / MINUTE)} min`;
  return `${Math.floor(lagMs / DAY)} d ${Math.floor((lagMs % DAY) / HOUR)} h`;
};
