import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { toast } from "../../lib/toast";
import { ensureMe } from "./auth-queries";

/** The prompt for a visitor who picks or bookmarks. */
export const LOG_IN_TO_PICK = "Log in to make your pick";
/** The message for a pick whose session ended on the way (signed out elsewhere, say). */
export const SESSION_LOST = "Please log in again to continue";

/** Home with this question's pick modal open (useDeepLinkedPick), so signing in leads back to the pick. */
export const pickLink = (questionId: string, choice: "yes" | "no" | null) => {
  const params = new URLSearchParams({ q: questionId, action: "pick" });
  if (choice) params.set("choice", choice);
  return `/home?${params}`;
};

type Prompt = { message: string; redirect: string; error?: boolean };

/** A toast with a Log in button that comes back to `redirect` after signing in. */
export const useLogInPrompt = () => {
  const navigate = useNavigate();
  return useCallback(
    ({ message, redirect, error = false }: Prompt) => {
      const action = {
        label: "Log in",
        onClick: () => void navigate({ to: "/auth", search: { mode: "login", redirect } }),
      };
      (error ? toast.error : toast)(message, { action });
    },
    [navigate],
  );
};

/**
 * Who is signed in, waiting for the session check while it is still under way: the feed shows before it ends (a
 * returning player's session is refreshed first), and a tap then must not tell a signed-in player to log in.
 */
export const useViewer = () => {
  const queryClient = useQueryClient();
  return useCallback(() => ensureMe(queryClient), [queryClient]);
};
