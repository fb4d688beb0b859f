const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Mar 4' */
export const shortDate = (epochMs: number) => {
  const date = new Date(epochMs);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
};

/** 'March 2026' style, short month: 'Mar 2026'. */
export const monthYear = (epochMs: number) => {
  const date = new Date(epochMs);
  return `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
};

/** 'just now', '5m ago', '3h ago', '2d ago', then the date. */
export const timeAgo = (epochMs: number, now = Date.now()) => {
  const elapsed = Math.max(0, now - epochMs);
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return shortDate(epochMs);
};

/** '#3 of 120'; 'Unranked' for a player who never picked; '#999' alone when the board has no row. */
export const rankLabel = ({
  unranked,
  rank,
  totalUsers,
}: {
  unranked: boolean;
  rank: number | null;
  totalUsers: number;
}) => {
  if (unranked || rank === null) return "Unranked";
  return rank <= totalUsers ? `#${rank} of ${totalUsers}` : `#${rank}`;
};
