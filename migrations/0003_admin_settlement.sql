-- Who did what to which entity, with the state before and after (JSON), for every admin action.
CREATE TABLE admin_audit_log (
  id TEXT PRIMARY KEY,
  admin_id TEXT NOT NULL REFERENCES users(id),
  action TEXT NOT NULL,
  entity TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  before TEXT CHECK (before IS NULL OR json_valid(before)),
  after TEXT CHECK (after IS NULL OR json_valid(after)),
  created_at INTEGER NOT NULL
);
CREATE INDEX admin_audit_log_entity ON admin_audit_log(entity, entity_id, created_at DESC);
CREATE INDEX admin_audit_log_recent ON admin_audit_log(created_at DESC);

-- Settlement walks a question's unsettled picks in id order; this index serves that walk without a sort,
-- and its prefix serves everything the old (question_id, settled_version) index did.
CREATE INDEX user_picks_settlement ON user_picks(question_id, settled_version, id);
DROP INDEX user_picks_question;

-- The admin list pages every question newest first, optionally by status.
CREATE INDEX questions_admin_recent ON questions(created_at DESC, id DESC);
CREATE INDEX questions_admin_status ON questions(status, created_at DESC, id DESC);
