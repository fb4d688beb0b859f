import { readSettings } from "../env";
import { refreshExchangeRates as refresh } from "../features/exchange-rates/exchange-rates.service";
import type { CronJob } from "./cron.types";

/** Hourly: the last good rates stay until a fetch succeeds again. */
export const refreshExchangeRates: CronJob = (data, now, env) =>
  refresh(data.catalogue, readSettings(env).EXCHANGE_RATES_URL, now);
