import { ApiError } from "../../lib/api";
import type { AdminPromoCode, PromoCodeInput, PromoCodePatch } from "./admin-api";

/** The promo code form as typed: text, converted only when sent. */
export type PromoCodeForm = { code: string; credits: string; expiry: string; maxRedemptions: string; active: boolean };
export type PromoCodeErrors = Partial<Record<keyof PromoCodeForm | "form", string>>;

export const emptyPromoCodeForm = (): PromoCodeForm => ({
  code: "",
  credits: "",
  expiry: "",
  maxRedemptions: "",
  active: true,
});

const pad = (n: number) => String(n).padStart(2, "0");

/** `<input type="date">` speaks a local calendar day without a zone. */
export const toDateInput = (epochMs: number | null) => {
  if (epochMs === null) return "";
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** A code stays good through the whole chosen day, so it expires at that local day's last millisecond. */
export const endOfDay = (date: string): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return new Date(year, month - 1, day + 1).getTime() - 1;
};

/** Blank means "none"; anything that is not a number goes as typed, so the server's rule and message judge it. */
export const numberOrText = (text: string): number | string | null => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
};

export const toCreateInput = (form: PromoCodeForm): PromoCodeInput => ({
  code: form.code,
  credits: numberOrText(form.credits),
  active: form.active,
  expiresAt: endOfDay(form.expiry),
  maxRedemptions: numberOrText(form.maxRedemptions),
});

export const formFromPromoCode = (p: AdminPromoCode): PromoCodeForm => ({
  code: p.code,
  credits: String(p.credits),
  expiry: toDateInput(p.expiresAt),
  maxRedemptions: p.maxRedemptions === null ? "" : String(p.maxRedemptions),
  active: p.active,
});

/** Only what the admin changed: an untouched expiry keeps its exact time even when it is not a day's end. */
export const toPatch = (before: PromoCodeForm, after: PromoCodeForm): PromoCodePatch => ({
  ...(after.credits !== before.credits ? { credits: numberOrText(after.credits) } : {}),
  ...(after.expiry !== before.expiry ? { expiresAt: endOfDay(after.expiry) } : {}),
  ...(after.maxRedemptions !== before.maxRedemptions ? { maxRedemptions: numberOrText(after.maxRedemptions) } : {}),
  ...(after.active !== before.active ? { active: after.active } : {}),
});

const FIELD_BY_API_NAME: Record<string, keyof PromoCodeForm> = {
  code: "code",
  credits: "credits",
  expiresAt: "expiry",
  maxRedemptions: "maxRedemptions",
  active: "active",
};

/** Where the API's refusal shows: beside the field it names (a duplicate is the code's), else above the buttons. */
export const promoCodeErrors = (error: unknown): PromoCodeErrors => {
  if (!(error instanceof ApiError)) return { form: "Operation failed" };
  if (error.status === 409) return { code: error.message };
  const field = typeof error.details.field === "string" ? FIELD_BY_API_NAME[error.details.field] : undefined;
  return { [field ?? "form"]: error.message };
};

export type PromoCodeState = "Active" | "Inactive" | "Expired" | "Used up";

/** What a player trying the code would meet, in the order the server checks it. */
export const promoCodeState = (p: AdminPromoCode, now: number): PromoCodeState => {
  if (!p.active) return "Inactive";
  if (p.expiresAt !== null && p.expiresAt <= now) return "Expired";
  if (p.maxRedemptions !== null && p.redemptionCount >= p.maxRedemptions) return "Used up";
  return "Active";
};

export const usesText = (p: AdminPromoCode) => `${p.redemptionCount} / ${p.maxRedemptions ?? "no limit"}`;
