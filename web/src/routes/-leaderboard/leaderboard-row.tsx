import { CountryFlag } from "../../features/auth/country-flag";
import type { LeaderboardEntry, Period } from "../../features/community/community-queries";

type Props = { entry: LeaderboardEntry; period: Period; isMe: boolean; onOpen: (entry: LeaderboardEntry) => void };

const scoreLabel = (entry: LeaderboardEntry, period: Period) =>
  period === "all" ? `${entry.score} pts` : `${entry.score} ${entry.score === 1 ? "win" : "wins"}`;

const detail = (entry: LeaderboardEntry, period: Period) =>
  period === "all" ? `${entry.wins}-${entry.losses}` : `${entry.wins}-${entry.losses} · ${entry.winRate}%`;

/** One standing: rank, flag, name and score; the player's own row stands out. Tapping opens their stats. */
export const LeaderboardRow = ({ entry, period, isMe, onOpen }: Props) => (
  <li data-testid="leaderboard-row" data-me={isMe ? "true" : undefined}>
    <button
      type="button"
      onClick={() => onOpen(entry)}
      aria-current={isMe ? "true" : undefined}
      className={`flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800 ${isMe ? "bg-brand-50 ring-2 ring-brand-600 dark:bg-brand-800/30" : ""}`}
    >
      <span className="w-10 shrink-0 text-right font-bold tabular-nums">#{entry.rank}</span>
      <CountryFlag code={entry.country} />
      <span className="min-w-0 flex-1 truncate font-semibold">
        {entry.username}
        {isMe ? <span className="ml-2 text-xs font-normal text-brand-800 dark:text-brand-100">(you)</span> : null}
      </span>
      <span className="shrink-0 text-right">
        <span className="block font-bold tabular-nums" data-testid="leaderboard-score">
          {scoreLabel(entry, period)}
        </span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{detail(entry, period)}</span>
      </span>
    </button>
  </li>
);
