import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { meQueryOptions } from "../auth/auth-queries";
import { ShareCardButton } from "../share/share-card";
import { buttonClass } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { StreakTimeline } from "./streak-timeline";

type Props = { streak: number; best: number; onClose: () => void };

/** Opened from the streak pill; loaded on the first tap so the header does not carry the dialog library. */
export const StreakDialog = ({ streak, best, onClose }: Props) => {
  const { data: me } = useQuery(meQueryOptions);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Current Streak"
      footer={
        <Link to="/picks" onClick={onClose} className={buttonClass("primary", "w-full")}>
          View All My Picks
        </Link>
      }
    >
      <p className="text-center text-6xl font-black">{streak}</p>
      <p className="mt-2 text-center text-sm text-slate-700 dark:text-slate-300">
        {streak === 1 ? "win in a row" : "wins in a row"} · best {best}
      </p>
      {me && streak > 0 ? (
        <div className="mt-2 flex justify-center">
          <ShareCardButton
            kind="streak"
            id={me.user.id}
            title={`${streak} wins in a row on Pickstreak`}
            label="Share my streak"
          />
        </div>
      ) : null}
      <div className="mt-5">
        <StreakTimeline />
      </div>
    </Dialog>
  );
};
