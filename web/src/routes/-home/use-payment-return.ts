import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { toast } from "../../lib/toast";
import { useAuth } from "../../features/auth/auth-queries";
import { formatCredits } from "../../lib/format";

const SHOWN_KEY = "payment-returns-shown";
const SHOWN_LIMIT = 20;

const shownReturns = (): string[] => {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SHOWN_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
};

const wasShown = (sessionId: string) => shownReturns().includes(sessionId);

const rememberShown = (sessionId: string) => {
  const kept = shownReturns().filter((id) => id !== sessionId).slice(-(SHOWN_LIMIT - 1));
  localStorage.setItem(SHOWN_KEY, JSON.stringify([...kept, sessionId]));
};

/**
 * Back from Stripe Checkout: `?payment=success&session_id=` is verified (crediting the payment if the webhook has
 * not yet) and toasted, `?payment=cancelled` says so; then the parameters leave the URL.
 */
export const usePaymentReturn = () => {
  const search = useSearch({ from: "/home" });
  const navigate = useNavigate({ from: "/home" });
  const queryClient = useQueryClient();
  const { status } = useAuth();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!search.payment || status === "loading") return;
    const key = `${search.payment}:${search.session_id ?? ""}`;
    if (handled.current === key) return;
    handled.current = key;
    void navigate({ search: (prev) => ({ ...prev, payment: undefined, session_id: undefined, credits: undefined }), replace: true });

    if (search.payment === "cancelled") {
      toast("Payment Cancelled", { description: "No charges were made." });
      return;
    }
    if (search.payment !== "success" || !search.session_id) return;
    const sessionId = search.session_id;
    // Loaded only on a return from Stripe, so the feed's first load does not carry it.
    import("../../features/payments/payments-queries")
      .then(({ verifyPayment }) => verifyPayment(sessionId))
      .then((result) => {
        if (!result.success) {
          toast.error("Payment Verification Failed", { description: result.message });
          return;
        }
        // The webhook often credits before this call, so a duplicate alone does not mean the player saw it: only a
        // return link already shown on this device (a reload, the history) is answered "already credited".
        if (result.wasDuplicate && wasShown(sessionId)) {
          toast.success("Payment already credited", { description: "This payment's credits are already in your balance." });
        } else {
          toast.success("Payment Successful!", { description: `${formatCredits(result.creditsAdded)} have been added to your account.` });
        }
        rememberShown(sessionId);
        void queryClient.invalidateQueries({ queryKey: ["me"] });
        void queryClient.invalidateQueries({ queryKey: ["subscriptions"] });
      })
      .catch(() => {
        toast.error("Payment Verification Error", { description: "If credits are missing from your account, please contact support." });
      });
  }, [search.payment, search.session_id, status, navigate, queryClient]);
};
