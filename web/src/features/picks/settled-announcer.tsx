import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Flame, Trophy, X } from "lucide-react";
import { useEffect, useState } from "react";
import { readStoredTime, storeTime } from "../../lib/stored-time";
import { toast } from "../../lib/toast";
import { useAuth } from "../auth/auth-queries";
import { myPicksQueryOptions, streakQueryOptions } from "./picks-queries";
import { settledAfter, settledNews, type SettledNews } from "./settled-news";

const SHOWN_MS = 8_000;
const key = (userId: string) => `picks_announced_until:${userId}`;

/** Without storage a result may be told twice; never not at all. */
const readAnnouncedUntil = (userId: string) => readStoredTime(key(userId));
const writeAnnouncedUntil = (userId: string, at: number) => storeTime(key(userId), at);

/** The win on screen: what was won, on what, and the streak it extends. It never takes the taps meant for the page. */
const Celebration = ({ news, onClose }: { news: SettledNews; onClose: () => void }) => {
  const streak = useQuery(streakQueryOptions).data?.currentStreak ?? 0;
  useEffect(() => {
    const timer = setTimeout(onClose, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [news, onClose]);
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[calc(var(--header-height)+0.75rem)] z-50 flex justify-center px-4">
      <section
        role="status"
        aria-label={news.title}
        data-testid="win-celebration"
        className="pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-2xl border border-brand-600 bg-white p-3 shadow-xl motion-safe:animate-[celebrate_450ms_ease-out] dark:bg-slate-900"
      >
        <span className="relative flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
          <span className="absolute inset-0 rounded-full bg-brand-500 motion-safe:animate-ping" aria-hidden="true" />
          <Trophy aria-hidden="true" size={24} className="relative" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-black text-brand-800 dark:text-brand-100">{news.title}</p>
          {news.lines.map((line) => (
            <p key={line} className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
              {line}
            </p>
          ))}
          {streak > 1 ? (
            <p className="flex items-center gap-1 text-sm font-semibold text-orange-700 dark:text-orange-300">
              <Flame aria-hidden="true" size={14} /> {streak} wins in a row
            </p>
          ) : null}
          <Link
            to="/picks"
            onClick={onClose}
            className="text-sm font-semibold text-brand-700 underline dark:text-brand-500"
          >
            See My Picks
          </Link>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="-m-1 flex h-11 w-11 shrink-0 items-center justify-center self-start rounded-full text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <X aria-hidden="true" size={18} />
        </button>
      </section>
    </div>
  );
};

/**
 * Tells the player their results: each pick as it settles while they watch, and on their return what settled while
 * they were away. Wins are celebrated; a loss or a void is a quiet toast. What was told is remembered per player, so
 * another tab or the next visit does not tell it again.
 */
const Announcer = ({ userId }: { userId: string }) => {
  const { data } = useQuery({ ...myPicksQueryOptions, refetchInterval: false });
  const [celebrating, setCelebrating] = useState<SettledNews | null>(null);

  useEffect(() => {
    if (!data) return;
    const since = readAnnouncedUntil(userId);
    if (since === null) {
      // A first visit on this device: the player's history is not news, what settles from now on is.
      writeAnnouncedUntil(userId, Math.max(Date.now(), ...data.items.map((pick) => pick.updatedAt)));
      return;
    }
    const fresh = settledAfter(data.items, since);
    const last = fresh.at(-1);
    // Settled before this page opened: the player was away (the picks may first come from the pages kept offline).
    const news = last ? settledNews(fresh, last.updatedAt < performance.timeOrigin) : null;
    if (!news || !last) return;
    writeAnnouncedUntil(userId, last.updatedAt);
    if (news.tone === "win") setCelebrating(news);
    else toast(news.title, { description: news.lines.join(" ") });
  }, [data, userId]);

  return celebrating ? <Celebration news={celebrating} onClose={() => setCelebrating(null)} /> : null;
};

export const SettledPicksAnnouncer = () => {
  const { me } = useAuth();
  return me ? <Announcer key={me.user.id} userId={me.user.id} /> : null;
};
