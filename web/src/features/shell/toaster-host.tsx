import { lazy, Suspense, useSyncExternalStore, type ComponentType } from "react";
import type { ToasterProps } from "sonner";
import { TOAST_DURATION_MS } from "../../lib/constants";
import { resolveTheme } from "../../lib/theme";
import { useOpenSheetHeight } from "../../lib/open-sheet-height";
import { TOAST_TOP_OFFSET, toastBottomOffset } from "../../lib/toast-position";
import { useIsMobile } from "../../lib/use-media";
import { subscribeToFirstToast, toastRequested } from "../../lib/toast";
import { useTheme } from "./theme-provider";

// Offline, the download fails: no toasts then, rather than the error screen in place of the page.
const Toaster = lazy<ComponentType<ToasterProps>>(() =>
  import("sonner").then(
    (m) => ({ default: m.Toaster }),
    () => ({ default: () => null }),
  ),
);

/** Mounts sonner's Toaster once the first toast is asked for (lib/toast.ts), so start-up does not load it. */
export const ToasterHost = () => {
  const { theme } = useTheme();
  const wanted = useSyncExternalStore(subscribeToFirstToast, toastRequested, () => false);
  if (!wanted) return null;
  return <PlacedToaster theme={theme} />;
};

/** Mounted with the first toast, so the dialogs are watched only once there are toasts to keep clear of them. */
const PlacedToaster = ({ theme }: { theme: ReturnType<typeof useTheme>["theme"] }) => {
  const bottom = toastBottomOffset({ mobile: useIsMobile(), sheetHeight: useOpenSheetHeight() });
  return (
    <Suspense fallback={null}>
      <Toaster
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        position="bottom-center"
        offset={{ top: TOAST_TOP_OFFSET, bottom, right: "1.5rem", left: "1.5rem" }}
        mobileOffset={{ top: TOAST_TOP_OFFSET, bottom, right: "1rem", left: "1rem" }}
        theme={resolveTheme(theme, window.matchMedia("(prefers-color-scheme: dark)").matches)}
        closeButton
      />
    </Suspense>
  );
};
