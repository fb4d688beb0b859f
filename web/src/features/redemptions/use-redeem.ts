import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { toast } from "../../lib/toast";
import type { RedemptionError } from "#shared/redemptions";
import { api, ApiError } from "../../lib/api";
import { meQueryOptions } from "../auth/auth-queries";
import type { Redemption } from "./redemption-queries";

type Options = { path: "/api/redemptions/gift-card" | "/api/redemptions/cash-out"; fallback: RedemptionError };

/** A server refusal with its own title ('Invalid Amount') keeps it; anything else is the generic failure toast. */
export const reportRedemptionFailure = (error: unknown, fallback: RedemptionError) => {
  const title = error instanceof ApiError && typeof error.details.title === "string" ? error.details.title : fallback.title;
  toast.error(title, { description: error instanceof ApiError && error.status > 0 ? error.message : fallback.message });
};

/**
 * One redemption request. The Idempotency-Key lives until the server has answered, so a retry after a lost
 * connection cannot redeem twice, while a corrected form after a refusal is a new request.
 */
export const useRedeem = <Body>({ path, fallback }: Options) => {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (body: Body) => {
      key.current ??= crypto.randomUUID();
      return api<{ redemption: Redemption }>(path, { method: "POST", json: body, headers: { "Idempotency-Key": key.current } });
    },
    onSuccess: () => {
      key.current = null;
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 0)) key.current = null;
      reportRedemptionFailure(error, fallback);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: ["redemptions"] });
    },
  });
};
