import { useId } from "react";
import { CheckboxField } from "../../components/ui/field";
import { formatCredits } from "../../lib/format";

export type PendingRedemption = { id: string; label: string; credits: number };

type Props = {
  pending: PendingRedemption[];
  consent: boolean;
  onConsent: (consent: boolean) => void;
  error: string | undefined;
};

/**
 * A deleted account's address is erased, so nothing can be sent to it: its pending redemptions are cancelled in the
 * deletion, and only once the player has said so here.
 */
export const CancelPendingRedemptions = ({ pending, consent, onConsent, error }: Props) => {
  const id = useId();
  const totalCredits = formatCredits(pending.reduce((sum, { credits }) => sum + credits, 0));
  return (
    <div
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40"
      data-testid="pending-redemptions"
    >
      <p id={`${id}-heading`} className="font-semibold">
        {pending.length === 1 ? "You have a pending redemption" : `You have ${pending.length} pending redemptions`}
      </p>
      <ul aria-labelledby={`${id}-heading`} className="space-y-1">
        {pending.map(({ id: redemptionId, label, credits }) => (
          <li key={redemptionId} className="flex justify-between gap-3">
            <span>{label}</span>
            <span className="shrink-0 font-medium">{formatCredits(credits)}</span>
          </li>
        ))}
      </ul>
      <p className="text-slate-700 dark:text-slate-300">
        To receive {pending.length === 1 ? "it" : "them"}, keep your account until{" "}
        {pending.length === 1 ? "it is" : "they are"} sent. Cancelling refunds {totalCredits} to your balance, which is
        forfeited with your account.
      </p>
      <CheckboxField
        label={`Cancel ${pending.length === 1 ? "this redemption" : "these redemptions"} and delete my account`}
        checked={consent}
        onChange={onConsent}
        error={error}
        tone="danger"
      />
    </div>
  );
};
