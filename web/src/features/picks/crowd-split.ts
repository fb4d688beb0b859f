import { formatPlural } from "../../lib/format";

type Split = { yes: number; no: number };
type Options = { answerOptionA: string; answerOptionB: string };

const percent = (part: number, total: number) => Math.round((part / total) * 100);

/** "62% Yes · 38% No · 124 picks": the crowd's split between a question's two options. */
export const crowdSplit = ({ yes, no }: Split, { answerOptionA, answerOptionB }: Options) => {
  const total = yes + no;
  return `${percent(yes, total)}% ${answerOptionA} · ${percent(no, total)}% ${answerOptionB} · ${formatPlural(total, "pick")}`;
};

const grow = (crowd: Split, choice: "yes" | "no"): Split => ({
  yes: crowd.yes + (choice === "yes" ? 1 : 0),
  no: crowd.no + (choice === "no" ? 1 : 0),
});

/**
 * Another player's pick, heard live: the count grows, and so does the split where the viewer may already see it
 * (never revealed by this, so a split stays hidden until the viewer picks).
 */
export const countPick = <Q extends { pickCount: number; crowd: Split | null }>(
  question: Q,
  choice: "yes" | "no",
): Q => ({
  ...question,
  pickCount: question.pickCount + 1,
  crowd: question.crowd && grow(question.crowd, choice),
});

/** The same for a question in My Picks, whose split the player always sees. */
export const countCrowdPick = <Q extends { crowd: Split }>(question: Q, choice: "yes" | "no"): Q => ({
  ...question,
  crowd: grow(question.crowd, choice),
});
