import { Check } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { formatCredits } from "../../lib/format";
import { toast } from "../../lib/toast";
import { formatUsd, isConfirmableEmail, redemptionValueCents, type RedemptionError } from "#shared/redemptions";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { meQueryOptions, useAuth } from "../auth/auth-queries";
import { AgeConfirmation } from "../auth/age-confirmation";
import { BalanceSummary } from "./balance-summary";
import type { Reward } from "./redemption-queries";
import { fieldState, ProblemNotice, SubmitFooter } from "./problem-notice";
import { giftCardProblem } from "./redemption-problems";
import { RewardImage } from "./reward-image";
import { useRedeem } from "./use-redeem";

type Props = { reward: Reward | null; usdPerCredit: number; onClose: () => void };

const FAILED: RedemptionError = {
  title: "Redemption Failed",
  message: "Failed to process your redemption. Please try again.",
};
const FIELD = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm dark:border-slate-700";
const INPUT = `${FIELD} bg-white aria-invalid:border-red-600 dark:bg-slate-950 dark:aria-invalid:border-red-500`;
const READ_ONLY = `${FIELD} bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300`;

const PROBLEM_ID = "gift-card-problem";

/** Non-numeric input counts as 0. */
const parseCredits = (value: string) => Number.parseInt(value, 10) || 0;

/** The gift card redemption panel: one server call, which checks everything again. */
export const GiftCardPanel = ({ reward, usdPerCredit, onClose }: Props) => {
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const [credits, setCredits] = useState(reward?.minAmount ?? 10);
  const [email, setEmail] = useState(me?.user.email ?? "");
  const [adult, setAdult] = useState(false);
  const redeem = useRedeem(FAILED);

  useEffect(() => {
    // Balance is refreshed on open; a failure there changes nothing.
    void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
  }, [queryClient]);

  const name = reward?.name ?? "";
  const min = reward?.minAmount ?? 10;
  const max = reward?.maxAmount ?? 1000;
  const redeemable = me?.credits.redeemable ?? 0;
  // Said beside the button, so a disabled button never leaves the player guessing.
  const problem = giftCardProblem({ credits, min, max, redeemable, email, adult });
  const shown = redeem.failure ?? problem;
  const faulty = fieldState(redeem.failure ? null : problem, PROBLEM_ID);
  const valueCents = redemptionValueCents(credits, usdPerCredit);
  const value = formatUsd(valueCents);
  const emailOk = isConfirmableEmail(email);
  const blocked = redeem.isPending || !reward || problem !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reward || blocked) return;
    redeem.mutate(
      { kind: "gift_card", json: { rewardId: reward.id, credits, email: email.trim(), ageConfirmed: true } },
      {
        onSuccess: () => {
          toast.success("Redemption Successful", {
            description: `Your ${name} gift card redemption has been submitted and will be processed shortly.`,
          });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={reward ? `Redeem ${name} Gift Card` : "Gift Card"}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="mx-auto max-w-60">
          <RewardImage name={name} imageUrl={reward?.imageUrl ?? null} valueCents={valueCents} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <label className="block text-sm font-medium">
            Credits
            <input
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              {...faulty("amount")}
              className={INPUT}
              value={credits === 0 ? "" : String(credits)}
              onChange={(e) => redeem.editing(setCredits)(parseCredits(e.target.value))}
            />
          </label>
          <label className="block text-sm font-medium">
            Gift Card Value
            <input readOnly className={READ_ONLY} value={value} data-testid="gift-card-value" />
          </label>
        </div>
        <label className="block text-sm font-medium">
          Confirm Email Address
          <span className="relative block">
            <input
              type="email"
              autoComplete="email"
              {...faulty("email")}
              className={`${INPUT} pr-9`}
              value={email}
              onChange={(e) => redeem.editing(setEmail)(e.target.value)}
            />
            {emailOk ? (
              <Check
                className="absolute right-3 top-1/2 -translate-y-1/2 text-green-600"
                size={18}
                aria-label="Email looks right"
                role="img"
              />
            ) : null}
          </span>
        </label>
        <div>
          <label className="block text-sm font-medium">
            Country
            <input readOnly className={READ_ONLY} value="United States" />
          </label>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            This gift card is valid only within the country detected from your profile.
          </p>
        </div>
        {me ? <BalanceSummary credits={me.credits} /> : null}
        <AgeConfirmation
          checked={adult}
          onChange={redeem.editing(setAdult)}
          problemId={faulty("age")["aria-describedby"]}
        />
        <SubmitFooter>
          <p className="text-sm">Redeemable balance: {formatCredits(redeemable)}</p>
          <ProblemNotice id={PROBLEM_ID} problem={shown} refused={redeem.failure !== null} />
          <Button type="submit" disabled={blocked} className="w-full">
            {redeem.isPending ? "Processing..." : `Redeem ${name} Gift Card (${value})`}
          </Button>
        </SubmitFooter>
      </form>
    </Dialog>
  );
};
