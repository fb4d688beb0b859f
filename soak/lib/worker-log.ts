import { readFileSync } from "node:fs";

/** The worker logs JSON lines (worker/lib/log.ts; onError logs every 5xx); wrangler marks its own errors [ERROR]. */
const ERROR_LINE = /"level":"error"|\[ERROR\]/;
const SAMPLE_LINES = 20;
// eslint-disable-next-line no-control-regex -- wrangler colours its output even into a file
const ANSI = /\u001b\[[0-9;]*m/g;

export const workerLogErrors = (file: string) => {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return { file, errorLines: 0, sample: [] };
  }
  const lines = text
    .replace(ANSI, "")
    .split("\n")
    .filter((line) => ERROR_LINE.test(line));
  return { file, errorLines: lines.length, sample: lines.slice(0, SAMPLE_LINES) };
};
