import { CountryFlag } from "../../features/auth/country-flag";
import type { Contest } from "../../features/community/contest-queries";

const wins = (score: number) => `${score} ${score === 1 ? "win" : "wins"}`;

/** The top places with what each would win, and the viewer's own place when it is further down. */
export const ContestStandings = ({ contest, viewer }: { contest: Contest; viewer: string | null }) => {
  if (contest.standings.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No one has joined yet.</p>;
  const meListed = contest.standings.some((s) => s.userId === viewer);
  return (
    <ol className="space-y-1 text-sm" aria-label={`${contest.title} standings`}>
      {contest.standings.map((s) => (
        <li
          key={s.userId}
          data-testid="contest-standing"
          className={`flex items-center gap-2 rounded-lg px-2 py-1 ${s.userId === viewer ? "bg-brand-50 font-semibold dark:bg-brand-800/30" : ""}`}
        >
          <span className="w-8 text-right tabular-nums">#{s.rank}</span>
          <CountryFlag code={s.country} />
          <span className="min-w-0 flex-1 truncate">{s.username}</span>
          <span className="tabular-nums">{wins(s.score)}</span>
          {s.prize > 0 ? (
            <span className="w-16 text-right text-xs text-amber-700 dark:text-amber-400">{s.prize} cr</span>
          ) : (
            <span className="w-16" />
          )}
        </li>
      ))}
      {contest.me && !meListed ? (
        <li className="flex items-center gap-2 rounded-lg bg-brand-50 px-2 py-1 font-semibold dark:bg-brand-800/30">
          <span className="w-8 text-right tabular-nums">#{contest.me.rank}</span>
          <span className="min-w-0 flex-1">You</span>
          <span className="tabular-nums">{wins(contest.me.score)}</span>
          <span className="w-16" />
        </li>
      ) : null}
    </ol>
  );
};
