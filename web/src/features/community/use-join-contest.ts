import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../lib/toast";
import { ApiError, client, unwrap } from "../../lib/api";
import { meQueryOptions, type Me } from "../auth/auth-queries";

const JOIN_FAILED = "Failed to join contest. Please try again.";

/** Joins with the server's answer as the new balance; a refusal shows the server's message (the product's wording). */
export const useJoinContest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contestId: string) =>
      unwrap(client.contests[":id"].join.$post({ param: { id: contestId }, header: {} })),
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
