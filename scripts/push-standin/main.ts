import { runStandin } from "../lib/standin-main";
import { createPushStandin } from "./standin";

/** Local push service for development: `tsx scripts/push-standin/main.ts --port 12112`; the worker gets PUSH_STANDIN_URL. */
await runStandin("push-standin", 12112, createPushStandin);
