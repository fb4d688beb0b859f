import { Link } from "@tanstack/react-router";
import { Button } from "../../components/ui/button";
import { useAuth } from "../../features/auth/auth-queries";
import type { Contest } from "../../features/community/contest-queries";
import { useJoinContest } from "../../features/community/use-join-contest";
import { useModals } from "../../features/shell/modals";

/** Visitors are asked to sign in; a short balance says how much is missing; otherwise one tap joins. */
export const ContestJoin = ({ contest }: { contest: Contest }) => {
  const { me } = useAuth();
  const { openModal } = useModals();
  const join = useJoinContest();

  if (contest.me) {
    return (
      <p
        role="status"
        className="rounded-xl bg-brand-50 p-3 text-sm text-brand-800 dark:bg-brand-800/30 dark:text-brand-100"
      >
        You're in! Rank #{contest.me.rank} · {contest.me.score} {contest.me.score === 1 ? "win" : "wins"}
      </p>
    );
  }
  if (!me) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-xl border border-slate-300 p-3 text-sm dark:border-slate-700">
        <span>Please sign in to join the contest</span>
        <Link to="/auth" search={{ mode: "login", redirect: "/leaderboard" }} className="font-semibold underline">
          Log in
        </Link>
      </div>
    );
  }
  const missing = Math.max(0, contest.entryFee - me.credits.balance);
  return (
    <div className="space-y-2">
      {missing > 0 ? (
        <div
          role="alert"
          className="flex items-center justify-between gap-2 rounded-xl border border-amber-300 p-3 text-sm dark:border-amber-700"
        >
          <span>You need {missing} more credits</span>
          <Button variant="secondary" onClick={() => openModal("add-credits")}>
            Add Credits
          </Button>
        </div>
      ) : null}
      <Button className="w-full" disabled={missing > 0 || join.isPending} onClick={() => join.mutate(contest.id)}>
        {join.isPending ? "Joining..." : `Join for ${contest.entryFee} credits`}
      </Button>
    </div>
  );
};
