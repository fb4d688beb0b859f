-- One row per cron job run, so admins can see when each job last ran and whether it failed.
CREATE TABLE cron_runs (
  id TEXT PRIMARY KEY,
  job TEXT NOT NULL,
  cron TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER NOT NULL,
  ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
  detail TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX cron_runs_job_recent ON cron_runs(job, started_at DESC);
CREATE INDEX cron_runs_failures ON cron_runs(ok, started_at DESC);
