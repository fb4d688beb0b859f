import { useEffect, useState } from "react";

/** The time, refreshed every `everyMs` while `active`: enough for a countdown in whole minutes. */
export const useNow = (everyMs: number, active = true) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, active]);
  return now;
};
