import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { toast } from "../../lib/toast";
import { useAuth } from "../../features/auth/auth-queries";
import { paymentReturnMessage } from "./payment-return-message";

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
    void navigate({
      search: (prev) => ({ ...prev, payment: undefined, session_id: undefined, credits: undefined }),
      replace: true,
    });

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
        const { kind, title, description } = paymentReturnMessage(result);
        toast[kind](title, { description });
        if (!result.success) return;
        void queryClient.invalidateQueries({ queryKey: ["me"] });
        void queryClient.invalidateQueries({ queryKey: ["subscriptions"] });
      })
      .catch(() => {
        toast.error("Payment Verification Error", {
          description: "If credits are missing from your account, please contact support.",
        });
      });
  }, [search.payment, search.session_id, status, navigate, queryClient]);
};
