-- A small table for the bare single-row SELECT baseline.
CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
INSERT INTO items (id, name) SELECT i, 'item ' || i FROM n;
