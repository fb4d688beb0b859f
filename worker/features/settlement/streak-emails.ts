import { composeEmail } from "../emails/compose-email";
import type { EmailBlock } from "../emails/email-message";

const OUTCOME_NAMES: Record<string, string> = {
  A: "A",
  B: "B",
  over: "Over",
  under: "Under",
  void: "Void",
  unresolved: "unresolved",
};

/** What a lowered streak's email tells (streak-corrections.ts reads it with the correction). */
type Correction = {
  email: string;
  username: string;
  questionTitle: string | null;
  fromOutcome: string | null;
  toOutcome: string;
  reason: string | null;
  streakBefore: number;
  streakAfter: number;
};

export const streakCorrectionEmail = (row: Correction, appUrl: string) =>
  composeEmail({
    to: row.email,
    subject: "Your Pickstreak streak was corrected",
    blocks: [
      { kind: "paragraph", lines: [`Hi ${row.username},`] },
      {
        kind: "paragraph",
        lines: [
          `The result of "${row.questionTitle ?? "a question you picked"}" was corrected from ${OUTCOME_NAMES[row.fromOutcome ?? "unresolved"]} to ${OUTCOME_NAMES[row.toOutcome]}, so your current streak went from ${row.streakBefore} to ${row.streakAfter}.`,
        ],
      },
      ...(row.reason ? [{ kind: "note", text: `Reason: ${row.reason}` } satisfies EmailBlock] : []),
      {
        kind: "action",
        lead: "Your streak history:",
        label: "See your streak history",
        url: `${appUrl}/picks`,
        sameLine: true,
      },
    ],
  });
