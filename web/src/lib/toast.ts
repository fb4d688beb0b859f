import type { ExternalToast } from "sonner";
import { currentToastPosition } from "./toast-position";

type Show = (message: string, data?: ExternalToast) => void;
type Position = NonNullable<ExternalToast["position"]>;

let sonner: Promise<typeof import("sonner")> | null = null;
let requested = false;
let lastPosition: Position | null = null;
const listeners = new Set<() => void>();

/**
 * sonner (its Toaster, styles and state) loads with the first toast rather than at start-up. One shared import keeps
 * toasts in call order, and sonner hands the toasts created before its Toaster mounted to that Toaster. Each toast
 * is placed when it is shown (toast-position.ts); one in a new place replaces those elsewhere, so one shows at a time.
 */
const show =
  (kind: "message" | "success" | "error"): Show =>
  (message, data) => {
    if (!requested) {
      requested = true;
      listeners.forEach((listener) => listener());
    }
    sonner ??= import("sonner");
    const position: Position = data?.position ?? currentToastPosition();
    sonner
      .then(({ toast: sonnerToast }) => {
        if (lastPosition !== null && lastPosition !== position) sonnerToast.dismiss();
        lastPosition = position;
        const placed = { ...data, position };
        return kind === "message" ? sonnerToast(message, placed) : sonnerToast[kind](message, placed);
      })
      .catch(() => {
        // Offline: this toast is lost, the next one tries the download again.
        sonner = null;
      });
  };

/** The app's toasts: `toast(message)`, `toast.success(...)`, `toast.error(...)`, with sonner's options. */
export const toast = Object.assign(show("message"), { success: show("success"), error: show("error") });

/** For the Toaster host (useSyncExternalStore): whether any toast was asked for yet. */
export const subscribeToFirstToast = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const toastRequested = () => requested;
