import type { LiveMessage } from "#shared/live-messages";
import { formatCredits } from "../../lib/format";

type Data<T extends LiveMessage["type"]> = Extract<LiveMessage, { type: T }>["data"];
type Notice = { title: string; description: string };

/** Ends a sentence with a full stop unless it already ends with its own mark (a title asking a question). */
const sentence = (text: string) => (/[.?!]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** Every streak correction is announced, including one that left the number where it was. */
export const streakCorrectionNotice = ({
  streakBefore,
  streakAfter,
  questionTitle,
  reason,
}: Data<"streak">): Notice => ({
  title:
    streakBefore === streakAfter
      ? `Your streak stays at ${streakAfter}`
      : `Your streak went from ${streakBefore} to ${streakAfter}`,
  description: [
    sentence(`A result was corrected: ${questionTitle ?? "a question you picked"}`),
    reason ? sentence(`Reason: ${reason}`) : "",
  ]
    .filter(Boolean)
    .join(" "),
});

/** Why credits came back when an admin deleted a question the player had picked. */
export const removedPickNotice = ({ questionTitle, refunded }: Data<"pick.removed">): Notice => ({
  title: `${questionTitle} was removed`,
  description: `${formatCredits(refunded)} refunded`,
});
