import { formatDateTime } from "../../lib/format";

/** One recorded field in words: its name and its value before and after (null where that side has no value). */
export type AuditChange = { field: string; before: string | null; after: string | null };

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Epoch milliseconds after 2001: a number under a time's name (deadline, created_at, startsAt) is written as a date. */
const SOME_TIME = 1e12;
const TIME_FIELD = /(^deadline$|_at$|At$)/;

/** `answer_option_a` and `answerOptionA` both read "Answer option a". */
export const fieldLabel = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const FLAG_FIELD = /^is(_|[A-Z])/;

/** A list kept as JSON text (a question's stored tags) reads as the list it holds. */
const listIn = (text: string): unknown => {
  if (!text.startsWith("[")) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const valueText = (key: string, value: unknown): string | null => {
  const read = typeof value === "string" ? listIn(value) : value;
  if (read === null || read === undefined || (Array.isArray(read) && read.length === 0)) return null;
  if (typeof read === "boolean" || (FLAG_FIELD.test(key) && (read === 0 || read === 1))) return read ? "Yes" : "No";
  if (typeof read === "number" && TIME_FIELD.test(key) && read >= SOME_TIME) return formatDateTime(read);
  if (typeof read === "string") return read;
  if (Array.isArray(read) && read.every((item) => typeof item !== "object")) return read.join(", ");
  return JSON.stringify(read);
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an audit entry recorded, field by field and in words: every field of a creation or a deletion, and each field
 * an edit changed (one left alone on both sides is not repeated). Whatever is not a set of fields is one "Value".
 */
export const auditChanges = (before: unknown, after: unknown): AuditChange[] => {
  const was = isFields(before) ? before : before == null ? {} : { value: before };
  const now = isFields(after) ? after : after == null ? {} : { value: after };
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys
    .filter((key) => !(key in was && key in now && same(was[key], now[key])))
    .map((key) => ({ field: fieldLabel(key), before: valueText(key, was[key]), after: valueText(key, now[key]) }));
};
