import { X } from "lucide-react";
import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";
import { ErrorBoundary } from "../error-boundary";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Focused on opening instead of the first control (the close button), when it is there. */
  initialFocus?: RefObject<HTMLElement | null>;
};

const SHEET =
  "fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl animate-[sheet-up_200ms_ease-out] focus:outline-none dark:bg-slate-900";
const CENTRED_ON_LARGER =
  "md:inset-auto md:bottom-auto md:left-1/2 md:top-1/2 md:w-full md:max-w-md md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-2xl md:animate-[fade-in_150ms_ease-out]";

/**
 * Bottom sheet on phones, centred on larger screens (pure CSS, so no layout jump on resize).
 * Radix locks background scroll and traps focus while open.
 */
export const Dialog = ({ open, onOpenChange, title, description, children, footer, initialFocus }: DialogProps) => (
  <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 animate-[fade-in_150ms_ease-out]" />
      <RadixDialog.Content
        onOpenAutoFocus={(event) => {
          if (!initialFocus?.current) return;
          event.preventDefault();
          initialFocus.current.focus();
        }}
        className={`${SHEET} ${CENTRED_ON_LARGER}`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {description}
              </RadixDialog.Description>
            ) : (
              <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
            )}
          </div>
          <RadixDialog.Close
            aria-label="Close"
            className="-m-2.5 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <X aria-hidden="true" size={20} />
          </RadixDialog.Close>
        </div>
        <ErrorBoundary variant="inline">{children}</ErrorBoundary>
        {footer ? <div className="mt-5">{footer}</div> : null}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  </RadixDialog.Root>
);
