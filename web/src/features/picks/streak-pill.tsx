import { Flame } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { streakQueryOptions } from "./picks-queries";

const StreakDialog = lazy(() => import("./streak-dialog").then((m) => ({ default: m.StreakDialog })));

export const StreakPill = () => {
  const { data } = useQuery(streakQueryOptions);
  const [open, setOpen] = useState(false);
  const streak = data?.currentStreak ?? 0;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Current streak ${streak}`}
        data-testid="streak-pill"
        className="flex h-11 shrink-0 items-center"
      >
        {/* A finger's height (44 px) to tap; the pill drawn inside it stays small. */}
        <span className="inline-flex items-center gap-1 rounded-full bg-orange-100 px-2 py-1 md:px-3 text-sm font-bold text-orange-900 dark:bg-orange-900/40 dark:text-orange-100">
          <Flame aria-hidden="true" size={16} className="text-orange-600 dark:text-orange-300" />
          {streak}
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <StreakDialog streak={streak} best={Math.max(streak, data?.maxStreak ?? 0)} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
