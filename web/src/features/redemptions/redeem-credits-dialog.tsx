import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { toast } from "../../lib/toast";
import {
  CASH_OUT_METHOD_LABELS,
  CASH_OUT_METHODS,
  formatUsd,
  isCashOutEmail,
  payoutHandleProblem,
  cashOutDestination,
  redemptionValueCents,
  REDEMPTION_ERRORS as E,
  type CashOutMethod,
  type RedemptionError,
} from "#shared/redemptions";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { InputField } from "../../components/ui/field";
import { useAuth } from "../auth/auth-queries";
import { AgeConfirmation } from "./age-confirmation";
import { BalanceSummary } from "./balance-summary";
import { rewardsQueryOptions } from "./redemption-queries";
import { useRedeem, type CashOutBody } from "./use-redeem";
import { formatCredits } from "../../lib/format";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

const FAILED: RedemptionError = {
  title: "Redemption Failed",
  message: "An unexpected error occurred. Please try again.",
};
const OPTION = "rounded-lg border px-3 py-2 text-sm font-semibold";

/** The Redeem Credits modal (cash-out by card, Venmo or Cash App). */
export const RedeemCreditsDialog = ({ open, onOpenChange }: Props) => {
  const { status, me } = useAuth();
  const { data: rules } = useQuery(rewardsQueryOptions);
  const [method, setMethod] = useState<CashOutMethod | null>(null);
  const [amount, setAmount] = useState("");
  const [email, setEmail] = useState(me?.user.email ?? "");
  const [handle, setHandle] = useState("");
  const [adult, setAdult] = useState(false);
  const redeem = useRedeem(FAILED);

  useEffect(() => {
    if (status === "initialized" && !me) {
      toast.error(E.signIn.title, { description: E.signIn.message });
      onOpenChange(false);
    }
  }, [status, me, onOpenChange]);

  const min = rules?.minCredits ?? 10;
  const redeemable = me?.credits.redeemable ?? 0;
  const credits = Number(amount) || 0;
  // Digits only, and never more than can be redeemed.
  const changeAmount = (value: string) => {
    const digits = value.replace(/\D/g, "");
    setAmount(digits === "" ? "" : String(Math.min(Number(digits), redeemable)));
  };

  const refusal = (): RedemptionError | null => {
    if (!method) return E.method;
    if (credits < min) return E.minimum(min);
    if (!email.trim()) return E.emailRequired;
    if (!isCashOutEmail(email)) return E.emailInvalid;
    const handleProblem = method ? payoutHandleProblem(method, handle) : null;
    if (handleProblem) return handleProblem;
    if (!adult) return E.ageRequired;
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = refusal();
    if (problem || !method) {
      toast.error(problem?.title ?? E.method.title, { description: problem?.message ?? E.method.message });
      return;
    }
    const body: CashOutBody = { amount: credits, method, email: email.trim(), ageConfirmed: true };
    if (method === "venmo") body.venmoUsername = handle.trim();
    if (method === "cashapp") body.cashTag = handle.trim();
    redeem.mutate(
      { kind: "cash_out", json: body },
      {
        onSuccess: () => {
          toast.success("Order Processing!", { description: cashOutDestination(method, handle, email) });
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Redeem Credits">
      <form noValidate onSubmit={submit} className="space-y-4">
        <div role="radiogroup" aria-label="Redemption method" className="grid grid-cols-2 gap-2">
          {CASH_OUT_METHODS.map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={method === m}
              onClick={() => {
                setMethod(m);
                setHandle("");
              }}
              className={`${OPTION} ${method === m ? "border-brand-700 bg-brand-50 text-brand-800 dark:bg-brand-800/30 dark:text-brand-100" : "border-slate-300 dark:border-slate-700"}`}
            >
              {CASH_OUT_METHOD_LABELS[m]}
            </button>
          ))}
        </div>
        <div>
          <InputField
            label="Amount (credits)"
            inputMode="numeric"
            value={amount}
            onChange={(e) => changeAmount(e.target.value)}
          />
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Min: {formatCredits(min)}
            {rules && credits > 0 ? ` · worth ${formatUsd(redemptionValueCents(credits, rules.usdPerCredit))}` : ""}
          </p>
        </div>
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {method === "venmo" ? (
          <InputField
            label="Venmo username"
            placeholder="@username"
            value={handle}
            onChange={(e) => setHandle(e.target.value)}
          />
        ) : null}
        {method === "cashapp" ? (
          <InputField
            label="Cash App tag"
            placeholder="$cashtag"
            value={handle}
            onChange={(e) => setHandle(e.target.value)}
          />
        ) : null}
        {me ? <BalanceSummary credits={me.credits} /> : null}
        <AgeConfirmation checked={adult} onChange={setAdult} />
        <Button type="submit" className="w-full" disabled={redeem.isPending}>
          {redeem.isPending ? "Processing..." : "Redeem"}
        </Button>
      </form>
    </Dialog>
  );
};
