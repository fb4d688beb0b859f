import { readFileSync } from "node:fs";

/**
 * What limits each budget the last full run missed, and what would lift it: bench/findings.md, written by hand
 * from measurements, one "## <scenario id or id prefix>" section each. Read when the report is written, so
 * `npm run bench -- --report-only` picks up an edit.
 */
const sections = () => {
  const text = readFileSync("bench/findings.md", "utf8");
  const found = new Map<string, string>();
  for (const part of text.split(/^## /m).slice(1)) {
    const [heading = "", ...body] = part.split("\n");
    found.set(heading.trim(), body.join("\n").trim());
  }
  return found;
};

export const findingFor = (id: string) => {
  const found = sections();
  return found.get(id) ?? found.get(id.split(":")[0] ?? "");
};
