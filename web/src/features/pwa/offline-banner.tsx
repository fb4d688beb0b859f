import { WifiOff } from "lucide-react";
import { useOnline } from "./connection";

/** Under the sticky header on every page while the browser reports no network; gone as soon as it is back. */
export const OfflineBanner = () => {
  const online = useOnline();
  return (
    <div role="status" className="sticky top-[var(--header-height)] z-30" data-testid="offline-banner">
      {online ? null : (
        <div className="border-b border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm">
            <WifiOff aria-hidden="true" size={16} className="shrink-0" />
            <span>
              <strong className="font-semibold">You're offline.</strong> New questions and picks need a connection.
            </span>
          </p>
        </div>
      )}
    </div>
  );
};
