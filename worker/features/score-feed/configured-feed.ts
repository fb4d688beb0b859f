import type { Settings } from "../../env";
import { httpScoreFeed } from "./http-provider";
import type { ScoreFeedProvider } from "./provider";

/** The configured provider, or null when auto-resolution is off (no SCORE_FEED_URL). */
export const scoreFeedProvider = (
  settings: Pick<Settings, "SCORE_FEED_URL" | "SCORE_FEED_KEY">,
): ScoreFeedProvider | null =>
  settings.SCORE_FEED_URL ? httpScoreFeed({ url: settings.SCORE_FEED_URL, key: settings.SCORE_FEED_KEY }) : null;
