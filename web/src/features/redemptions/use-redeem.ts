import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import type { RedemptionError } from "#shared/redemptions";
import { ApiError, client, unwrap, type RequestOf } from "../../lib/api";
import { meQueryOptions } from "../auth/auth-queries";

type Redemptions = typeof client.redemptions;
export type GiftCardBody = RequestOf<Redemptions["gift-card"]["$post"]>["json"];
export type CashOutBody = RequestOf<Redemptions["cash-out"]["$post"]>["json"];

type Request = { kind: "gift_card"; json: GiftCardBody } | { kind: "cash_out"; json: CashOutBody };

const send = (request: Request, key: string) => {
  const header = { "idempotency-key": key };
  return request.kind === "gift_card"
    ? unwrap(client.redemptions["gift-card"].$post({ json: request.json, header }))
    : unwrap(client.redemptions["cash-out"].$post({ json: request.json, header }));
};

/** A server refusal with its own title ('Invalid Amount') keeps it; anything else is the form's generic failure. */
export const redemptionFailure = (error: unknown, fallback: RedemptionError): RedemptionError => ({
  title: error instanceof ApiError && typeof error.details.title === "string" ? error.details.title : fallback.title,
  message: error instanceof ApiError && error.status > 0 ? error.message : fallback.message,
});

/**
 * One redemption request. The Idempotency-Key lives until the server has answered, so a retry after a lost
 * connection cannot redeem twice, while a corrected form after a refusal is a new request. A refusal is the form's
 * to show (`failure`), in the one place it shows what is wrong, until the form changes (`reset`).
 */
export const useRedeem = (fallback: RedemptionError) => {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: (request: Request) => {
      key.current ??= crypto.randomUUID();
      return send(request, key.current);
    },
    onSuccess: () => {
      key.current = null;
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 0)) key.current = null;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: ["redemptions"] });
    },
  });
  /** A field's setter that also clears a refusal: it stands until the player changes something. */
  const editing =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      if (mutation.error) mutation.reset();
      set(value);
    };
  return { ...mutation, editing, failure: mutation.error ? redemptionFailure(mutation.error, fallback) : null };
};
