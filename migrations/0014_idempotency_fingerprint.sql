-- What request an Idempotency-Key was first used for: SHA-256 (hex) of its method, path and canonical body, so a
-- reuse of the key with a different request is refused instead of answered with the first request's answer.
-- NULL on rows written before this column; those compare by route only and are pruned within a day.
ALTER TABLE idempotent_responses ADD COLUMN fingerprint TEXT;
