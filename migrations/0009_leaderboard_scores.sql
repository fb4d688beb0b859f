-- How many ranked players share each result, per board. A rank is the number of players ahead, and the size of a
-- board is how many are on it: summed over these few distinct results instead of counted over every player.
-- Triggers keep them exact in the same statement that changes a board row, whoever writes it.

CREATE TABLE leaderboard_period_scores (
  days INTEGER NOT NULL,
  wins INTEGER NOT NULL,
  losses INTEGER NOT NULL,
  net_credits INTEGER NOT NULL,
  players INTEGER NOT NULL,
  rate REAL GENERATED ALWAYS AS (CASE WHEN wins + losses > 0 THEN CAST(wins AS REAL) / (wins + losses) ELSE 0 END) VIRTUAL,
  PRIMARY KEY (days, wins, losses, net_credits)
) WITHOUT ROWID;
CREATE INDEX leaderboard_period_scores_rank ON leaderboard_period_scores(days, wins DESC, rate DESC, net_credits DESC, players);

CREATE TABLE leaderboard_point_scores (
  points INTEGER PRIMARY KEY,
  players INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO leaderboard_period_scores (days, wins, losses, net_credits, players)
SELECT days, wins, losses, net_credits, count(*) FROM leaderboard_periods WHERE wins + losses > 0
GROUP BY days, wins, losses, net_credits;

INSERT INTO leaderboard_point_scores (points, players)
SELECT points, count(*) FROM leaderboard_totals WHERE settled > 0 OR prize_points > 0 GROUP BY points;

CREATE TRIGGER leaderboard_period_scores_enter AFTER INSERT ON leaderboard_periods WHEN NEW.wins + NEW.losses > 0
BEGIN
  INSERT INTO leaderboard_period_scores (days, wins, losses, net_credits, players)
  VALUES (NEW.days, NEW.wins, NEW.losses, NEW.net_credits, 1)
  ON CONFLICT (days, wins, losses, net_credits) DO UPDATE SET players = players + 1;
END;

CREATE TRIGGER leaderboard_period_scores_move_in AFTER UPDATE OF wins, losses, net_credits ON leaderboard_periods
WHEN NEW.wins + NEW.losses > 0
BEGIN
  INSERT INTO leaderboard_period_scores (days, wins, losses, net_credits, players)
  VALUES (NEW.days, NEW.wins, NEW.losses, NEW.net_credits, 1)
  ON CONFLICT (days, wins, losses, net_credits) DO UPDATE SET players = players + 1;
END;

CREATE TRIGGER leaderboard_period_scores_move_out AFTER UPDATE OF wins, losses, net_credits ON leaderboard_periods
WHEN OLD.wins + OLD.losses > 0
BEGIN
  UPDATE leaderboard_period_scores SET players = players - 1
  WHERE days = OLD.days AND wins = OLD.wins AND losses = OLD.losses AND net_credits = OLD.net_credits;
  DELETE FROM leaderboard_period_scores
  WHERE days = OLD.days AND wins = OLD.wins AND losses = OLD.losses AND net_credits = OLD.net_credits AND players = 0;
END;

CREATE TRIGGER leaderboard_period_scores_leave AFTER DELETE ON leaderboard_periods WHEN OLD.wins + OLD.losses > 0
BEGIN
  UPDATE leaderboard_period_scores SET players = players - 1
  WHERE days = OLD.days AND wins = OLD.wins AND losses = OLD.losses AND net_credits = OLD.net_credits;
  DELETE FROM leaderboard_period_scores
  WHERE days = OLD.days AND wins = OLD.wins AND losses = OLD.losses AND net_credits = OLD.net_credits AND players = 0;
END;

CREATE TRIGGER leaderboard_point_scores_enter AFTER INSERT ON leaderboard_totals
WHEN NEW.settled > 0 OR NEW.prize_points > 0
BEGIN
  INSERT INTO leaderboard_point_scores (points, players) VALUES (NEW.points, 1)
  ON CONFLICT (points) DO UPDATE SET players = players + 1;
END;

CREATE TRIGGER leaderboard_point_scores_move_in AFTER UPDATE OF wins, losses, voids, pick_points, prize_points ON leaderboard_totals
WHEN NEW.settled > 0 OR NEW.prize_points > 0
BEGIN
  INSERT INTO leaderboard_point_scores (points, players) VALUES (NEW.points, 1)
  ON CONFLICT (points) DO UPDATE SET players = players + 1;
END;

CREATE TRIGGER leaderboard_point_scores_move_out AFTER UPDATE OF wins, losses, voids, pick_points, prize_points ON leaderboard_totals
WHEN OLD.settled > 0 OR OLD.prize_points > 0
BEGIN
  UPDATE leaderboard_point_scores SET players = players - 1 WHERE points = OLD.points;
  DELETE FROM leaderboard_point_scores WHERE points = OLD.points AND players = 0;
END;

CREATE TRIGGER leaderboard_point_scores_leave AFTER DELETE ON leaderboard_totals
WHEN OLD.settled > 0 OR OLD.prize_points > 0
BEGIN
  UPDATE leaderboard_point_scores SET players = players - 1 WHERE points = OLD.points;
  DELETE FROM leaderboard_point_scores WHERE points = OLD.points AND players = 0;
END;
