import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { meQueryOptions, type MeUser } from "../../features/auth/auth-queries";
import { markReferralProcessed } from "../../features/auth/referral-storage";

/** Only same-site paths are followed after sign-in, so a crafted link cannot send players elsewhere. */
const safeRedirect = (target: string | undefined) =>
  target && target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/auth") ? target : "/home";

export const useSignedIn = (redirect: string | undefined) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (user: MeUser) => {
    markReferralProcessed(user.id);
    await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    await queryClient.fetchQuery(meQueryOptions);
    await navigate({ href: safeRedirect(redirect), replace: true });
  };
};
