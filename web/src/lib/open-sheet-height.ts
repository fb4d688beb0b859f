import { useSyncExternalStore } from "react";

const DIALOGS = '[role="dialog"], [role="alertdialog"]';

/**
 * How much of the screen's bottom an open bottom sheet holds, in px; 0 when none does. Layout sizes, not drawn ones,
 * so a sheet's entrance animation does not count. A dialog that is not anchored to the bottom (a centred one, the
 * side menu from top to bottom) leaves no room above it to speak of, and counts as none.
 */
const openSheetHeight = () => {
  const bottom = window.innerHeight;
  const held = Array.from(document.querySelectorAll<HTMLElement>(DIALOGS))
    .filter((dialog) => dialog.offsetTop > 0 && dialog.offsetTop + dialog.offsetHeight >= bottom - 1)
    .map((sheet) => bottom - sheet.offsetTop);
  return Math.max(0, ...held);
};

/** Dialogs come and go as portals straight under <body>, and grow as their content does. */
const subscribe = (onChange: () => void) => {
  const resized = new ResizeObserver(onChange);
  const watchDialogs = () => {
    resized.disconnect();
    document.querySelectorAll(DIALOGS).forEach((dialog) => resized.observe(dialog));
    onChange();
  };
  const portals = new MutationObserver(watchDialogs);
  portals.observe(document.body, { childList: true });
  window.addEventListener("resize", onChange);
  watchDialogs();
  return () => {
    portals.disconnect();
    resized.disconnect();
    window.removeEventListener("resize", onChange);
  };
};

/** Re-renders when a bottom sheet opens, closes or changes height. */
export const useOpenSheetHeight = () => useSyncExternalStore(subscribe, openSheetHeight, () => 0);
