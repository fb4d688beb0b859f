import { X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { Button } from "../../components/ui/button";
import { formatCredits } from "../../lib/format";

type Props = { kind: "claim" | "referral"; onDismiss: () => void; onStart: () => void };

const SHEET =
  "fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl border-t border-slate-200 bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl animate-[sheet-up_200ms_ease-out] dark:border-slate-700 dark:bg-slate-900 md:inset-x-auto md:bottom-6 md:left-1/2 md:w-full md:max-w-md md:-translate-x-1/2 md:rounded-2xl md:border";

/** Escape, or a press anywhere outside the sheet, dismisses it. */
const useDismissal = (sheet: React.RefObject<HTMLElement | null>, onDismiss: () => void) => {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => event.key === "Escape" && dismiss.current();
    const onPointerDown = (event: PointerEvent) => {
      if (!sheet.current?.contains(event.target as Node)) dismiss.current();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown, true);
    };
  }, [sheet]);
};

/**
 * The offer itself, loaded only when one is due (visitor-offers.tsx decides when). Nobody asked for it, so it is a
 * non-modal sheet over a page left as it was: no dim, no scroll lock, focus left where the visitor had it. It is our
 * own element rather than the dialog library's, which a phone paid for with a long task at the moment it appeared
 * (the library's code, a render of its layers and a forced style pass); nothing of a modal dialog is needed here.
 */
export const VisitorOfferSheet = ({ kind, onDismiss, onStart }: Props) => {
  const sheet = useRef<HTMLElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useDismissal(sheet, onDismiss);
  const credits = kind === "referral" ? 10 : 5;
  return createPortal(
    <section
      ref={sheet}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className={SHEET}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {kind === "referral" ? "A friend invited you!" : "Claim your free credits"}
          </h2>
          <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Sign up now and get {credits} free credits to start making picks.
          </p>
        </div>
        <button
          type="button"
          aria-label="Close"
          onClick={onDismiss}
          className="rounded-full p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <X aria-hidden="true" size={20} />
        </button>
      </div>
      <p className="text-center text-5xl font-black text-brand-700 dark:text-brand-500">{formatCredits(credits)}</p>
      <p className="mt-2 text-center text-sm text-slate-700 dark:text-slate-300">
        Free, no purchase needed. You must be 18 or older to play.
      </p>
      <div className="mt-5">
        <Button className="w-full" onClick={onStart}>
          Start My Streak
        </Button>
      </div>
    </section>,
    document.body,
  );
};
