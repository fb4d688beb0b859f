import { Check } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { formatCredits } from "../../lib/format";
import { toast } from "../../lib/toast";
import {
  formatUsd,
  isConfirmableEmail,
  redemptionValueCents,
  REDEMPTION_ERRORS as E,
  type RedemptionError,
} from "#shared/redemptions";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { meQueryOptions, useAuth } from "../auth/auth-queries";
import { AgeConfirmation } from "./age-confirmation";
import { BalanceSummary } from "./balance-summary";
import type { Reward } from "./redemption-queries";
import { RewardImage } from "./reward-image";
import { useRedeem } from "./use-redeem";

type Props = { reward: Reward | null; usdPerCredit: number; onClose: () => void };

const FAILED: RedemptionError = {
  title: "Redemption Failed",
  message: "Failed to process your redemption. Please try again.",
};
const FIELD = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm dark:border-slate-700";
const INPUT = `${FIELD} bg-white dark:bg-slate-950`;
const READ_ONLY = `${FIELD} bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300`;

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
  // Said beside the field, so a disabled button never leaves the player guessing.
  const amountProblem =
    credits < min ? E.minimum(min) : credits > max ? E.maximum(max) : credits > redeemable ? E.insufficient : null;
  const valueCents = redemptionValueCents(credits, usdPerCredit);
  const value = formatUsd(valueCents);
  const emailOk = isConfirmableEmail(email);
  const blocked =
    redeem.isPending ||
    !reward ||
    amountProblem !== null ||
    !email.trim() ||
    !email.includes("@") ||
    email.trim().length < 5 ||
    !adult;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reward || blocked) return;
    redeem.mutate(
      { kind: "gift_card", json: { rewardId: reward.id, credits, email: email.trim(), ageConfirmed: adult } },
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
          <div>
            <label className="block text-sm font-medium">
              Credits
              <input
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                aria-invalid={amountProblem ? true : undefined}
                aria-describedby={amountProblem ? "gift-card-amount-problem" : undefined}
                className={INPUT}
                value={credits === 0 ? "" : String(credits)}
                onChange={(e) => setCredits(parseCredits(e.target.value))}
              />
            </label>
            {amountProblem ? (
              <p id="gift-card-amount-problem" role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
                {amountProblem.message}
              </p>
            ) : null}
          </div>
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
              className={`${INPUT} pr-9`}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
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
        <AgeConfirmation checked={adult} onChange={setAdult} />
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <p className="text-sm">Redeemable balance: {formatCredits(redeemable)}</p>
          <Button type="submit" disabled={blocked} className="w-full">
            {redeem.isPending ? "Processing..." : `Redeem ${name} Gift Card (${value})`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
