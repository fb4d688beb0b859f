import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Dialog } from "../../components/ui/dialog";
import { buttonClass } from "../../components/ui/button";
import { streakQueryOptions } from "./picks-queries";

export const StreakPill = () => {
  const { data } = useQuery(streakQueryOptions);
  const [open, setOpen] = useState(false);
  const streak = data?.currentStreak ?? 0;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={`Current streak ${streak}`} data-testid="streak-pill" className="inline-flex items-center gap-1 rounded-full bg-orange-100 px-3 py-1 text-sm font-bold text-orange-900 dark:bg-orange-900/40 dark:text-orange-100">
        <span aria-hidden="true">🔥</span>
        {streak}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Current Streak" footer={
        <Link to="/picks" onClick={() => setOpen(false)} className={buttonClass("primary", "w-full")}>View All My Picks</Link>
      }>
        <p className="text-center text-6xl font-black">{streak}</p>
        <p className="mt-2 text-center text-sm text-slate-700 dark:text-slate-300">
          {streak === 1 ? "win in a row" : "wins in a row"} · best {Math.max(streak, data?.maxStreak ?? 0)}
        </p>
      </Dialog>
    </>
  );
};
