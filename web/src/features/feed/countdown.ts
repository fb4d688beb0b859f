import { useClockValue } from "../../lib/second-clock";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** '2d 4h 13m', '4h 13m 9s', '13m 9s', '9s', or 'Expired' at or after the deadline. */
export const formatCountdown = (deadline: number, now: number): string => {
  const left = deadline - now;
  if (left <= 0) return "Expired";
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  const seconds = Math.floor((left % MINUTE) / SECOND);
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m ${seconds}s`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
};

/**
 * The countdown's text, on the shared second clock. A component re-renders only when its text changes: a card days
 * away changes once a minute; an interval per card would render every card every second (on /home, twenty renders a
 * second, about 43 ms of a throttled phone's main thread each second).
 */
export const useCountdown = (deadline: number) => useClockValue((now) => formatCountdown(deadline, now));
