import { Link } from "@tanstack/react-router";
import { useAuth } from "../auth/auth-queries";
import { PicksBadge, usePicksBadge } from "./picks-badge";

const LINK =
  "inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 lg:px-3 dark:text-slate-200 dark:hover:bg-slate-800 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 dark:aria-[current=page]:bg-brand-800/30 dark:aria-[current=page]:text-brand-100";

/**
 * The header's page links from 768 px up, where the bottom bar is hidden. Visitors get the public gift card catalogue
 * where players get My Picks and Redeem, which both need an account.
 */
export const PrimaryNav = () => {
  const { me } = useAuth();
  const badge = usePicksBadge();
  return (
    <nav aria-label="Main" className="hidden min-w-0 flex-1 md:block">
      <ul className="flex items-center gap-0.5 lg:gap-1">
        <li>
          <Link to="/home" className={LINK}>
            Home
          </Link>
        </li>
        <li>
          <Link to="/activity" className={LINK}>
            Activity
          </Link>
        </li>
        <li>
          <Link to="/leaderboard" className={LINK}>
            Standings
          </Link>
        </li>
        {me ? (
          <>
            <li>
              <Link to="/picks" className={LINK}>
                My Picks
                <PicksBadge count={badge} />
              </Link>
            </li>
            <li>
              <Link to="/rewards" className={LINK}>
                Redeem
              </Link>
            </li>
          </>
        ) : (
          <li>
            <Link to="/gift-cards" className={LINK}>
              Gift Cards
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
};
