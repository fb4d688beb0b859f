import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { toast } from "../../lib/toast";
import {
  CASH_OUT_METHOD_LABELS,
  CASH_OUT_METHODS,
  formatUsd,
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
import { AgeConfirmation } from "../auth/age-confirmation";
import { BalanceSummary } from "./balance-summary";
import { fieldState, ProblemNotice, SubmitFooter } from "./problem-notice";
import { cashOutProblem } from "./redemption-problems";
import { rewardsQueryOptions } from "./redemption-queries";
import { useRedeem, type CashOutBody } from "./use-redeem";
import { formatCredits } from "../../lib/format";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

const FAILED: RedemptionError = {
  title: "Redemption Failed",
  message: "An unexpected error occurred. Please try again.",
};
const OPTION = "rounded-lg border px-3 py-2 text-sm font-semibold";
const PROBLEM_ID = "cash-out-problem";

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
  // One thing at a time, beside the button: never a stack of toasts, one per press.
  const problem = cashOutProblem({ method, credits, min, email, handle, adult });
  const shown = redeem.failure ?? problem;
  const faulty = fieldState(redeem.failure ? null : problem, PROBLEM_ID);
  // Digits only, and never more than can be redeemed.
  const changeAmount = (value: string) => {
    const digits = value.replace(/\D/g, "");
    redeem.editing(setAmount)(digits === "" ? "" : String(Math.min(Number(digits), redeemable)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || !method || redeem.isPending) return;
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
                redeem.editing(setMethod)(m);
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
            {...faulty("amount")}
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
          {...faulty("email")}
          onChange={(e) => redeem.editing(setEmail)(e.target.value)}
        />
        {method === "venmo" ? (
          <InputField
            label="Venmo username"
            placeholder="@username"
            value={handle}
            {...faulty("handle")}
            onChange={(e) => redeem.editing(setHandle)(e.target.value)}
          />
        ) : null}
        {method === "cashapp" ? (
          <InputField
            label="Cash App tag"
            placeholder="$cashtag"
            value={handle}
            {...faulty("handle")}
            onChange={(e) => redeem.editing(setHandle)(e.target.value)}
          />
        ) : null}
        {me ? <BalanceSummary credits={me.credits} /> : null}
        <AgeConfirmation
          checked={adult}
          onChange={redeem.editing(setAdult)}
          problemId={faulty("age")["aria-describedby"]}
        />
        <SubmitFooter>
          <ProblemNotice id={PROBLEM_ID} problem={shown} refused={redeem.failure !== null} />
          <Button type="submit" className="w-full" disabled={redeem.isPending || problem !== null}>
            {redeem.isPending ? "Processing..." : "Redeem"}
          </Button>
        </SubmitFooter>
      </form>
    </Dialog>
  );
};
