import { formatPlural } from "../../lib/format";

type Split = { yes: number; no: number };
type Options = { answerOptionA: string; answerOptionB: string };

const percent = (part: number, total: number) => Math.round((part / total) * 100);

/** "62% Yes · 38% No · 124 picks": the crowd's split between a question's two options. */
export const crowdSplit = ({ yes, no }: Split, { answerOptionA, answerOptionB }: Options) => {
  const total = yes + no;
  return `${percent(yes, total)}% ${answerOptionA} · ${percent(no, total)}% ${answerOptionB} · ${formatPlural(total, "pick")}`;
};
