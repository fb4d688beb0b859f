import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { formatCredits } from "../../lib/format";

type Props = { kind: "claim" | "referral"; onDismiss: () => void; onStart: () => void };

/** The offer itself, loaded only when one is due (visitor-offers.tsx decides when). */
export const VisitorOfferDialog = ({ kind, onDismiss, onStart }: Props) => {
  const credits = kind === "referral" ? 10 : 5;
  return (
    <Dialog
      open
      unrequested
      onOpenChange={(open) => !open && onDismiss()}
      title={kind === "referral" ? "A friend invited you!" : "Claim your free credits"}
      description={`Sign up now and get ${credits} free credits to start making picks.`}
      footer={<Button className="w-full" onClick={onStart}>Start My Streak</Button>}
    >
      <p className="text-center text-5xl font-black text-brand-700 dark:text-brand-500">{formatCredits(credits)}</p>
      <p className="mt-2 text-center text-sm text-slate-700 dark:text-slate-300">Free, no purchase needed. You must be 18 or older to play.</p>
    </Dialog>
  );
};
