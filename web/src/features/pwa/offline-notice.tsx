import { WifiOff } from "lucide-react";
import type { ReactNode } from "react";

/** Where a page's data would be, when it could not come for want of a network. */
export const OfflineNotice = ({ title, children }: { title: string; children: ReactNode }) => (
  <div
    className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
    data-testid="offline-notice"
  >
    <WifiOff aria-hidden="true" size={28} className="text-slate-500 dark:text-slate-400" />
    <p className="font-semibold">{title}</p>
    <div className="text-sm text-slate-600 dark:text-slate-400">{children}</div>
  </div>
);
