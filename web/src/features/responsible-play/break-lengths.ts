import type { BreakLength } from "./play-api";

/** A break's button says how long ("24 hours"); its question names the break ("a 24-hour break"). */
export const BREAKS: { length: BreakLength; label: string; asAdjective: string }[] = [
  { length: "24h", label: "24 hours", asAdjective: "24-hour" },
  { length: "7d", label: "7 days", asAdjective: "7-day" },
  { length: "30d", label: "30 days", asAdjective: "30-day" },
];

export const breakQuestion = (length: BreakLength) =>
  `Take a ${BREAKS.find((b) => b.length === length)?.asAdjective ?? length} break?`;
