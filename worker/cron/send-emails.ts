import { readSettings } from "../env";
import { sendWaitingEmails } from "../features/emails/email-sends";
import type { CronJob } from "./cron.types";

/** Sends the emails players' databases keep: retries that came due, and any a kick after a commit did not reach. */
export const sendEmails: CronJob = (data, now, env) => sendWaitingEmails(data, readSettings(env), now);
