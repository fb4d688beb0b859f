import { runStandin } from "../lib/standin-main";
import { createErrorStandin } from "./standin";

/** Local error reports for development: `tsx scripts/error-standin/main.ts --port 12114`; the worker gets SENTRY_DSN. */
await runStandin("error-standin", 12114, createErrorStandin);
