import { Dialog } from "../../components/ui/dialog";

type Props = { title: string; open: boolean; onOpenChange: (open: boolean) => void };

/** Shown for money features that have not launched, so the menu never pretends they work. */
export const UnavailableDialog = ({ title, open, onOpenChange }: Props) => (
  <Dialog open={open} onOpenChange={onOpenChange} title={title}>
    <p className="text-sm text-slate-700 dark:text-slate-300">
      This is not available yet. Your credits and picks are not affected.
    </p>
  </Dialog>
);
