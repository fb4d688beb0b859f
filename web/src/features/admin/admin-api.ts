import { infiniteQueryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer, type RequestOf } from "../../lib/api";

type AdminQuestions = typeof client.admin.questions;

export type AdminQuestion = Answer<AdminQuestions[":id"]["$get"]>["question"];

type QuestionBody = RequestOf<AdminQuestions["$post"]>["json"];

/** The form's state: every field present, the sport as picked from the list (the server checks it is one of ours). */
export type QuestionFormValues = Required<Omit<QuestionBody, "sportCategory">> & { sportCategory: string | null };

export type AdminListFilters = { status: string; q: string };

export const adminQuestionsQueryOptions = (filters: AdminListFilters) =>
  infiniteQueryOptions({
    queryKey: ["admin", "questions", filters],
    queryFn: ({ pageParam, signal }) => {
      const query: NonNullable<RequestOf<AdminQuestions["$get"]>["query"]> = {};
      if (filters.status) query.status = filters.status as typeof query.status;
      if (filters.q.trim()) query.q = filters.q.trim();
      if (pageParam) query.cursor = pageParam;
      return unwrap(client.admin.questions.$get({ query }, { init: { signal } }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 10_000,
  });

export const fetchAdminQuestion = (id: string) =>
  unwrap(client.admin.questions[":id"].$get({ param: { id } })).then((r) => r.question);

/** A new question sends every field; an edit only those that changed. */
export const saveQuestion = (id: string | null, values: Partial<QuestionFormValues>) => {
  const json = values as QuestionBody;
  return id
    ? unwrap(client.admin.questions[":id"].$patch({ param: { id }, json }))
    : unwrap(client.admin.questions.$post({ json }));
};

export type Outcome = RequestOf<AdminQuestions[":id"]["outcome"]["$put"]>["json"]["outcome"];

export const setOutcome = (id: string, outcome: Outcome, reason?: string) =>
  unwrap(
    client.admin.questions[":id"].outcome.$put({ param: { id }, json: { outcome, ...(reason ? { reason } : {}) } }),
  );

export const deleteQuestion = (id: string) => unwrap(client.admin.questions[":id"].$delete({ param: { id } }));

/** Multipart, so it bypasses the JSON helper; errors come back in the same shape. */
export const uploadImage = async (file: File): Promise<string> => {
  const form = new FormData();
  form.set("file", file);
  const response = await fetch("/api/admin/images", { method: "POST", body: form, credentials: "same-origin" });
  const body = (await response.json().catch(() => null)) as { url?: string; error?: { message?: string } } | null;
  if (!response.ok || !body?.url) throw new Error(body?.error?.message ?? "Failed to upload image. Please try again.");
  return body.url;
};

type AdminPromoCodes = (typeof client.admin)["promo-codes"];

export type AdminPromoCode = Answer<AdminPromoCodes["$post"]>["promoCode"];

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
    unwrap(client.admin["promo-codes"].$get({ query: pageParam ? { cursor: pageParam } : {} }, { init: { signal } })),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 10_000,
});

// The forms' loose numbers are sent as typed, so the server's validation message answers them (see PromoCodeInput).
export const createPromoCode = (input: PromoCodeInput) =>
  unwrap(client.admin["promo-codes"].$post({ json: input as RequestOf<AdminPromoCodes["$post"]>["json"] })).then(
    (r) => r.promoCode,
  );

export const updatePromoCode = (code: string, patch: PromoCodePatch) =>
  unwrap(
    client.admin["promo-codes"][":code"].$patch({
      param: { code },
      json: patch as RequestOf<AdminPromoCodes[":code"]["$patch"]>["json"],
    }),
  ).then((r) => r.promoCode);
