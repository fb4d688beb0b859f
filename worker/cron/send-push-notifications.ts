import { readSettings } from "../env";
import { sendDuePushes } from "../features/notifications/push-sender";
import type { CronJob } from "./cron.types";

/** Sends what the outbox holds: retries that came due, and anything a kick after a commit did not reach. */
export const sendPushNotifications: CronJob = (data, now, env) => sendDuePushes(data, readSettings(env), now);
