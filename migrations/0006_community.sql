-- Community: leaderboard aggregates kept by settlement, and timed contests.
-- Times are Unix epoch milliseconds; credit amounts are whole credits.

-- When the pick's current settlement happened (NULL while active). Period boards and contests count a pick by it.
ALTER TABLE user_picks ADD COLUMN settled_at INTEGER;
UPDATE user_picks SET settled_at = updated_at WHERE status <> 'active';
-- A player's recent resolved picks (the stats dialog) and contest scores read this.
CREATE INDEX user_picks_user_settled ON user_picks(user_id, settled_at DESC) WHERE settled_at IS NOT NULL;

-- Won and lost picks per player per hour of settlement (hour = settled_at / 3,600,000): what the period boards
-- subtract when an hour leaves their window. Hours older than every window are pruned.
CREATE TABLE leaderboard_hours (
  user_id TEXT NOT NULL REFERENCES users(id),
  hour INTEGER NOT NULL,
  wins INTEGER NOT NULL DEFAULT 0,
  losses INTEGER NOT NULL DEFAULT 0,
  net_credits INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, hour)
) WITHOUT ROWID;
CREATE INDEX leaderboard_hours_window ON leaderboard_hours(hour, user_id, wins, losses, net_credits);

-- The period boards (3 and 7 days). Each holds the sum of the hours from start_hour on: settlement adds to it,
-- and the cron subtracts an hour and moves start_hour past it in one batch when the hour leaves the window.
CREATE TABLE leaderboard_windows (
  days INTEGER PRIMARY KEY,
  start_hour INTEGER NOT NULL
);
INSERT INTO leaderboard_windows (days, start_hour)
SELECT days, CAST(strftime('%s', 'now') AS INTEGER) / 3600 - days * 24 + 1 FROM (SELECT 3 AS days UNION ALL SELECT 7);

CREATE TABLE leaderboard_periods (
  days INTEGER NOT NULL REFERENCES leaderboard_windows(days),
  user_id TEXT NOT NULL REFERENCES users(id),
  wins INTEGER NOT NULL DEFAULT 0,
  losses INTEGER NOT NULL DEFAULT 0,
  net_credits INTEGER NOT NULL DEFAULT 0,
  rate REAL GENERATED ALWAYS AS (CASE WHEN wins + losses > 0 THEN CAST(wins AS REAL) / (wins + losses) ELSE 0 END) VIRTUAL,
  PRIMARY KEY (days, user_id)
) WITHOUT ROWID;
-- The board's order (wins, win rate, net credits won) for players with a decided pick in the window. losses rides
-- along so pages and rank counts never leave the index.
CREATE INDEX leaderboard_periods_rank ON leaderboard_periods(days, wins DESC, rate DESC, net_credits DESC, user_id, losses)
  WHERE wins + losses > 0;

-- All-time totals per player: settled picks and points (pick winnings plus contest prizes).
CREATE TABLE leaderboard_totals (
  user_id TEXT PRIMARY KEY REFERENCES users(id),
  wins INTEGER NOT NULL DEFAULT 0,
  losses INTEGER NOT NULL DEFAULT 0,
  voids INTEGER NOT NULL DEFAULT 0,
  net_credits INTEGER NOT NULL DEFAULT 0,
  pick_points INTEGER NOT NULL DEFAULT 0,
  prize_points INTEGER NOT NULL DEFAULT 0,
  settled INTEGER GENERATED ALWAYS AS (wins + losses + voids) VIRTUAL,
  points INTEGER GENERATED ALWAYS AS (pick_points + prize_points) VIRTUAL
);
-- Ranked players only (a settled pick or a prize); the board pages it in order and counts who is ahead without
-- leaving the index (every column a board row shows is in it).
CREATE INDEX leaderboard_totals_points ON leaderboard_totals(points DESC, user_id, wins, losses, voids, net_credits, prize_points)
  WHERE settled > 0 OR prize_points > 0;

-- What settlement would have written for the picks settled before this migration.
INSERT INTO leaderboard_hours (user_id, hour, wins, losses, net_credits)
SELECT user_id, settled_at / 3600000, SUM(status = 'won'), SUM(status = 'lost'),
  SUM(CASE status WHEN 'won' THEN potential_payout - credits_spent ELSE -credits_spent END)
FROM user_picks WHERE status IN ('won', 'lost') GROUP BY user_id, settled_at / 3600000;

INSERT INTO leaderboard_periods (days, user_id, wins, losses, net_credits)
SELECT w.days, h.user_id, SUM(h.wins), SUM(h.losses), SUM(h.net_credits)
FROM leaderboard_hours h JOIN leaderboard_windows w ON h.hour >= w.start_hour GROUP BY w.days, h.user_id;

INSERT INTO leaderboard_totals (user_id, wins, losses, voids, net_credits, pick_points)
SELECT user_id, SUM(status = 'won'), SUM(status = 'lost'), SUM(status = 'void'),
  SUM(CASE status WHEN 'won' THEN potential_payout - credits_spent WHEN 'lost' THEN -credits_spent ELSE 0 END),
  SUM(CASE WHEN status = 'won' THEN potential_payout ELSE 0 END)
FROM user_picks WHERE status <> 'active' GROUP BY user_id;

-- Timed challenges. closed_at: standings frozen (no more joins, scores final); paid_at: every prize granted.
CREATE TABLE contests (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL CHECK (length(trim(title)) > 0),
  duration_days INTEGER NOT NULL CHECK (duration_days IN (3, 7, 10)),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  created_by TEXT REFERENCES users(id),
  closed_at INTEGER,
  paid_at INTEGER,
  created_at INTEGER NOT NULL,
  CHECK (ends_at > starts_at)
);
CREATE INDEX contests_unpaid ON contests(ends_at) WHERE paid_at IS NULL;
CREATE INDEX contests_by_end ON contests(ends_at DESC);
CREATE INDEX contests_recent ON contests(created_at DESC, id DESC);

-- One entry per player and contest, written in the batch that took the entry fee (transaction_id).
-- score = the player's picks won with settled_at inside [max(joined_at, starts_at), ends_at), kept by settlement
-- until the contest closes. final_rank and prize are the place paid and its prize, written with the grant.
CREATE TABLE contest_entries (
  contest_id TEXT NOT NULL REFERENCES contests(id),
  user_id TEXT NOT NULL REFERENCES users(id),
  joined_at INTEGER NOT NULL,
  transaction_id TEXT NOT NULL UNIQUE REFERENCES credit_transactions(id),
  score INTEGER NOT NULL DEFAULT 0,
  final_rank INTEGER,
  prize INTEGER NOT NULL DEFAULT 0,
  prize_paid_at INTEGER,
  PRIMARY KEY (contest_id, user_id)
) WITHOUT ROWID;
CREATE INDEX contest_entries_standings ON contest_entries(contest_id, score DESC, joined_at, user_id);
CREATE INDEX contest_entries_user ON contest_entries(user_id);
