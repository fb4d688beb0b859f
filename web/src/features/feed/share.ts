import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "../../lib/toast";
import { meQueryOptions } from "../auth/auth-queries";

/**
 * A question's own page (its link previews show the question), with the sharer's invitation when they have one. The
 * feed's `/home?q=` links keep working; this is the address shared from now on.
 */
export const questionLink = (id: string, referralCode?: string | null) => {
  const url = new URL(`/questions/${encodeURIComponent(id)}`, window.location.origin);
  if (referralCode) url.searchParams.set("ref", referralCode);
  return url.toString();
};

export const shareQuestion = async (id: string, referralCode?: string | null) => {
  try {
    await navigator.clipboard.writeText(questionLink(id, referralCode));
    toast.success("Link copied to clipboard!");
  } catch {
    toast.error("Failed to copy link");
  }
};

/** Shares with the signed-in player's referral code, read when they share: the same function on every render. */
export const useShareQuestion = () => {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) => shareQuestion(id, queryClient.getQueryData(meQueryOptions.queryKey)?.user.referralCode),
    [queryClient],
  );
};
