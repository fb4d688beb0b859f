import { Dialog } from "../../components/ui/dialog";
import { formatCredits } from "../../lib/format";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; referrerBonus: number; friendBonus: number };

/** The Referral Program terms; the amounts come from the server. */
export const ReferralTermsDialog = ({ open, onOpenChange, referrerBonus, friendBonus }: Props) => (
  <Dialog open={open} onOpenChange={onOpenChange} title="Referral Program">
    <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
      <li>You get {formatCredits(referrerBonus)} for every successful referral.</li>
      <li>Your friend gets {friendBonus} bonus credits.</li>
      <li>There is no limit on how many friends you can refer.</li>
      <li>Credits are awarded after your friend makes their first pick.</li>
      <li>Referral credits are bonus credits: they can be used for picks but not redeemed.</li>
    </ul>
  </Dialog>
);
