import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../lib/toast";
import { api, ApiError } from "../../lib/api";
import { meQueryOptions, type Credits, type Me } from "../auth/auth-queries";
import type { Contest } from "./contest-queries";

const JOIN_FAILED = "Failed to join contest. Please try again.";

/** Joins with the server's answer as the new balance; a refusal shows the server's message (the product's wording). */
export const useJoinContest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contestId: string) =>
      api<{ contest: Contest; credits: Credits }>(`/api/contests/${encodeURIComponent(contestId)}/join`, { method: "POST" }),
    onSuccess: ({ contest, credits }) => {
      queryClient.setQueryData<Me | null>(meQueryOptions.queryKey, (me) => me && { ...me, credits });
      toast.success(`You joined the ${contest.title}`);
    },
    onError: (error) => {
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : JOIN_FAILED);
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["contests"] }),
  });
};
