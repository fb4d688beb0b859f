import { isMobileNow } from "./use-media";

export type ToastPosition = "bottom-center" | "bottom-right";

/**
 * One place per screen size, where a toast never hides an input or its error: at the bottom, just above whatever
 * holds the bottom of the screen. On a phone that is the bottom bar, or an open bottom sheet, whose fields and actions
 * the toast then sits above (over the dimmed page); the header's credits and streak pills, which change exactly when
 * most toasts appear, stay in view. Larger screens: bottom right, above the footer, clear of centred dialogs.
 */
export const toastPosition = ({ mobile }: { mobile: boolean }): ToastPosition =>
  mobile ? "bottom-center" : "bottom-right";

export const currentToastPosition = () => toastPosition({ mobile: isMobileNow() });

/** Clear of the 56 px bottom bar on phones and the 48 px footer on larger screens. */
export const TOAST_BOTTOM_OFFSET = "calc(3.5rem + env(safe-area-inset-bottom) + 0.5rem)";

/** The gap between a toast and the top of an open sheet. */
const ABOVE_SHEET_PX = 8;

/** How far up from the bottom toasts sit: above the bar, or above a phone's open bottom sheet (`sheetHeight` px). */
export const toastBottomOffset = ({ mobile, sheetHeight }: { mobile: boolean; sheetHeight: number }) =>
  mobile && sheetHeight > 0 ? `${sheetHeight + ABOVE_SHEET_PX}px` : TOAST_BOTTOM_OFFSET;

/** Just under the sticky header, whose height the header publishes as --header-height. */
export const TOAST_TOP_OFFSET = "calc(var(--header-height) + 0.5rem)";
