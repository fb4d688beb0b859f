-- The highest-cost feed orders by cost descending, then deadline ascending: an index in exactly that order lets the
-- page stop after 21 rows instead of sorting each cost group.
CREATE INDEX questions_feed_cost_desc ON questions(status, credit_cost DESC, deadline);
