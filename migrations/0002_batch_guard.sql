-- D1 batches are transactions without interactive control: a statement that fails rolls the whole batch back.
-- `INSERT INTO batch_guard (ok) SELECT NULL WHERE NOT (<condition>)` fails (NOT NULL) exactly when the condition
-- is false, so a batch can assert what its earlier statements achieved. On success nothing is written.
CREATE TABLE batch_guard (ok INTEGER NOT NULL);
