const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

export const dateForOffset = (offset: number, today = new Date()): Date => {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  date.setDate(date.getDate() + offset);
  return date;
};

/** 'Yesterday', 'Today', 'Tomorrow', otherwise 'MMM d'. */
export const dayLabel = (offset: number, today = new Date()): string => {
  if (offset === -1) return "Yesterday";
  if (offset === 0) return "Today";
  if (offset === 1) return "Tomorrow";
  const date = dateForOffset(offset, today);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
};

/** The local calendar date as YYYY-MM-DD, the form the feed API filters on. */
export const isoDay = (offset: number, today = new Date()): string => {
  const date = dateForOffset(offset, today);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};
