import { Gift } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { formatCredits } from "../../lib/format";

type Props = { amount: number; claiming: boolean; onClaim: () => void; onClose: () => void };

/** Today's free credits, offered once a day; the header's gift keeps the offer until it is claimed. */
export const DailyCreditsOffer = ({ amount, claiming, onClaim, onClose }: Props) => (
  <Dialog
    open
    onOpenChange={(open) => (open ? undefined : onClose())}
    title="Your daily credits are here"
    description={`Claim ${formatCredits(amount)} free today. Come back tomorrow for more.`}
    footer={
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Not now
        </Button>
        <Button onClick={onClaim} disabled={claiming}>
          <Gift aria-hidden="true" size={16} />
          Claim {formatCredits(amount)}
        </Button>
      </div>
    }
  >
    <p className="text-sm text-slate-700 dark:text-slate-300">
      The gift in the header keeps today&apos;s credits for you until you claim them.
    </p>
  </Dialog>
);
