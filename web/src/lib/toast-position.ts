import { isMobileNow } from "./use-media";

export type ToastPosition = "bottom-center" | "top-center" | "bottom-right";

/**
 * Where a toast may sit without hiding what the player needs. The header's credits and streak pills change exactly
 * when most toasts appear (a pick, a purchase), so toasts stay off the top of a phone: above the bottom bar, unless a
 * dialog is open, which on a phone is a bottom sheet with its actions at the bottom; then under the header, over the
 * dimmed page. Larger screens: bottom right, above the footer, clear of centred dialogs.
 */
export const toastPosition = ({ mobile, dialogOpen }: { mobile: boolean; dialogOpen: boolean }): ToastPosition =>
  !mobile ? "bottom-right" : dialogOpen ? "top-center" : "bottom-center";

export const currentToastPosition = () =>
  toastPosition({
    mobile: isMobileNow(),
    dialogOpen: document.querySelector('[role="dialog"], [role="alertdialog"]') !== null,
  });

/** For a toast its dialog shows as it closes: the dialog is still in the page when the toast is asked for. */
export const positionAfterDialog = () => toastPosition({ mobile: isMobileNow(), dialogOpen: false });

/** Clear of the 56 px bottom bar on phones and the 48 px footer on larger screens. */
export const TOAST_BOTTOM_OFFSET = "calc(3.5rem + env(safe-area-inset-bottom) + 0.5rem)";
/** Just under the sticky header, whose height the header publishes as --header-height. */
export const TOAST_TOP_OFFSET = "calc(var(--header-height) + 0.5rem)";
