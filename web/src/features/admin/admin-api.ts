import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { Question } from "../feed/feed-queries";

export type AdminQuestion = Omit<Question, "bookmarked" | "myPick"> & {
  publishAt: number | null;
  settlementVersion: number;
  settledVersion: number;
  pendingSettlement: number;
  createdBy: string | null;
};

export type QuestionFormValues = {
  title: string;
  sportCategory: string | null;
  customCategory: string | null;
  creditCost: number;
  deadline: number;
  imageUrl: string | null;
  status: "draft" | "published" | "scheduled" | "resolved";
  publishAt: number | null;
  questionType: "standard" | "over_under" | "custom";
  answerOptionA: string;
  answerOptionB: string;
  tags: string[];
};

export type AdminListFilters = { status: string; q: string };

export const adminQuestionsQueryOptions = (filters: AdminListFilters) =>
  infiniteQueryOptions({
    queryKey: ["admin", "questions", filters],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (filters.status) params.set("status", filters.status);
      if (filters.q.trim()) params.set("q", filters.q.trim());
      if (pageParam) params.set("cursor", pageParam);
      return api<{ items: AdminQuestion[]; nextCursor: string | null }>(`/api/admin/questions?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10_000,
  });

export const fetchAdminQuestion = (id: string) => api<{ question: AdminQuestion }>(`/api/admin/questions/${encodeURIComponent(id)}`).then((r) => r.question);

export const saveQuestion = (id: string | null, values: Partial<QuestionFormValues>) =>
  id
    ? api<{ question: AdminQuestion }>(`/api/admin/questions/${encodeURIComponent(id)}`, { method: "PATCH", json: values })
    : api<{ question: AdminQuestion }>("/api/admin/questions", { method: "POST", json: values });

export const setOutcome = (id: string, outcome: string) =>
  api<{ picksUpdated: number; creditsAwarded: number }>(`/api/admin/questions/${encodeURIComponent(id)}/outcome`, { method: "PUT", json: { outcome } });

export const deleteQuestion = (id: string) =>
  api<{ message: string }>(`/api/admin/questions/${encodeURIComponent(id)}`, { method: "DELETE" });

/** Multipart, so it bypasses the JSON helper; errors come back in the same shape. */
export const uploadImage = async (file: File): Promise<string> => {
  const form = new FormData();
  form.set("file", file);
  const response = await fetch("/api/admin/images", { method: "POST", body: form, credentials: "same-origin" });
  const body = (await response.json().catch(() => null)) as { url?: string; error?: { message?: string } } | null;
  if (!response.ok || !body?.url) throw new Error(body?.error?.message ?? "Failed to upload image. Please try again.");
  return body.url;
};

export type AdminPromoCode = {
  code: string;
  credits: number;
  active: boolean;
  expiresAt: number | null;
  maxRedemptions: number | null;
  redemptionCount: number;
  createdAt: number;
  updatedAt: number;
};

/**
 * What the promo code forms send. Numbers the admin typed badly travel as their text, so the server's own rule
 * (and its message) decides rather than a second copy of it here.
 */
export type PromoCodeInput = {
  code: string;
  credits: number | string | null;
  active: boolean;
  expiresAt: number | null;
  maxRedemptions: number | string | null;
};

export type PromoCodePatch = Partial<Omit<PromoCodeInput, "code">>;

export const adminPromoCodesQueryOptions = infiniteQueryOptions({
  queryKey: ["admin", "promo-codes"],
  queryFn: ({ pageParam, signal }) =>
    api<{ items: AdminPromoCode[]; nextCursor: string | null }>(`/api/admin/promo-codes${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 10_000,
});

export const createPromoCode = (input: PromoCodeInput) =>
  api<{ promoCode: AdminPromoCode }>("/api/admin/promo-codes", { method: "POST", json: input }).then((r) => r.promoCode);

export const updatePromoCode = (code: string, patch: PromoCodePatch) =>
  api<{ promoCode: AdminPromoCode }>(`/api/admin/promo-codes/${encodeURIComponent(code)}`, { method: "PATCH", json: patch }).then((r) => r.promoCode);
