import { submitPick } from "../../worker/features/picks/submit-pick.service";
import { liveSession, liveSessionGuard } from "../../worker/features/session/session.middleware";
import { benchSessionId } from "../lib/dataset-sql";
import { feedQuery } from "../../worker/features/questions/feed.query";
import { feedQuerySchema } from "../../worker/features/questions/questions.schemas";

/**
 * The SQL the app's two hot paths send to D1, taken from the app's own code so that a baseline or a replay runs
 * exactly what the app runs: the pick batch submitPick builds, and the signed-in feed's batch (the session check and
 * the first page of the default feed). Used by the baseline worker beside the app (bench/baseline/app-sql.ts) and by
 * the replays of the SQL alone on a copy of the dataset (bench/replay/*-sql.ts).
 */
export type CapturedStatement = { sql: string; args: (string | number | null)[] };

const CAPTURED = new Error("captured");

/** A statement that only remembers its SQL and binds; the pick service reads nothing before its batch. */
const recorded = (sql: string, args: CapturedStatement["args"] = []) => ({
  sql,
  args,
  bind: (...values: unknown[]) => recorded(sql, values as CapturedStatement["args"]),
});

const recordingD1 = (onBatch: (statements: CapturedStatement[]) => void) =>
  ({
    prepare: (sql: string) => recorded(sql),
    batch: async (statements: CapturedStatement[]) => {
      onBatch(statements.map(({ sql, args }) => ({ sql, args })));
      throw CAPTURED;
    },
  }) as unknown as D1Database;

/**
 * The batch of a bench player's pick as the route sends it: the guard on the player's session first (writeAsPlayer),
 * and no referral statements (nobody referred them, which their access token says).
 */
export const pickStatements = async (userId: string, questionId: string, now: number) => {
  let batch: CapturedStatement[] = [];
  try {
    const d1 = recordingD1((statements) => (batch = statements));
    const sessionGuard = liveSessionGuard(d1, { sessionId: benchSessionId(userId), userId }, now);
    await submitPick(d1, { userId, questionId, choice: "yes", multiplier: 1, now, referred: false, sessionGuard });
  } catch (error) {
    if (error !== CAPTURED) throw error;
  }
  return batch;
};

const DEFAULT_FEED = feedQuerySchema.parse({});

/** The signed-in feed's one batch: the viewer's session check and the default page, as readForViewer sends them. */
export const feedStatements = (session: { sessionId: string; userId: string }, now: number): CapturedStatement[] => {
  const d1 = recordingD1(() => undefined);
  return [liveSession(d1, { ...session, now }), feedQuery(d1, DEFAULT_FEED, session.userId, now)].map(
    ({ sql, params }) => ({
      sql,
      args: params as CapturedStatement["args"],
    }),
  );
};
