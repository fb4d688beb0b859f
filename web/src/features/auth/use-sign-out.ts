import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { toast } from "../../lib/toast";
import { client, unwrap } from "../../lib/api";
import { forgetKeptPages } from "../../lib/query-persistence";
import { THEME_STORAGE_KEY } from "../../lib/theme";
import { turnOffPush } from "../notifications/browser-push";
import { CLAIM_DISMISSED_KEY } from "./claim-timing";

/** Clears everything stored on this device (the theme is a device setting, so it stays). */
const clearStorage = () => {
  const theme = localStorage.getItem(THEME_STORAGE_KEY);
  localStorage.clear();
  sessionStorage.clear();
  void forgetKeptPages();
  if (theme) localStorage.setItem(THEME_STORAGE_KEY, theme);
};

export const ACCOUNT_DELETED_TITLE = "Your account was deleted";
export const ACCOUNT_DELETED_DESCRIPTION =
  "Your email, username and sign-in are erased. Your picks and credit history stay only as anonymous records.";

/**
 * Sign-out always succeeds for the player; a failed server call is reported softly. After an account deletion the
 * server has already ended the session, and the player is told what was erased and what was kept.
 */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async ({ accountDeleted = false }: { accountDeleted?: boolean } = {}) => {
    let clean = true;
    // A shared browser must not go on showing this player's notifications to whoever uses it next.
    if (!accountDeleted) await turnOffPush().catch(() => undefined);
    try {
      if (!accountDeleted) await unwrap(client.auth.logout.$post());
    } catch {
      clean = false;
    }
    clearStorage();
    // The sign-up offer would cover the deletion notice, for an address that earns no second sign-up bonus anyway.
    if (accountDeleted) localStorage.setItem(CLAIM_DISMISSED_KEY, String(Date.now()));
    queryClient.setQueryData(["me"], null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "me" });
    await navigate({ to: "/" });
    // Kept until closed: it is the only word the player gets that the deletion happened and what it kept.
    if (accountDeleted)
      toast.success(ACCOUNT_DELETED_TITLE, { description: ACCOUNT_DELETED_DESCRIPTION, duration: Infinity });
    else if (clean) toast.success("Successfully logged out");
    else toast("Logged out (with minor issues)");
  };
};
