import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { toast } from "../../lib/toast";
import { ApiError, client, unwrap } from "../../lib/api";
import { meQueryOptions, type Me } from "../auth/auth-queries";
import { pickFailureNotice } from "./pick-failure";

type SubmitInput = { questionId: string; choice: "yes" | "no"; multiplier: number; cost: number };

const adjustBalance = (me: Me | null | undefined, delta: number): Me | null | undefined =>
  me && { ...me, credits: { ...me.credits, balance: me.credits.balance + delta } };

/**
 * Spends on screen before the server answers, and puts the balance back (by refetching) on any failure.
 * A second submit while one is in flight is refused with 'Pick in Progress'. A 401 comes after the api
 * client has tried to refresh the session, so the session has ended (signed out on another device): the page is
 * signed out, and the pick dialog closes and offers to sign in again.
 */
export const useSubmitPick = () => {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ questionId, choice, multiplier }: SubmitInput) =>
      unwrap(client.picks.$post({ json: { questionId, choice, multiplier }, header: {} })),
    onMutate: async ({ cost }) => {
      await queryClient.cancelQueries({ queryKey: meQueryOptions.queryKey });
      queryClient.setQueryData<Me | null>(meQueryOptions.queryKey, (me) => adjustBalance(me, -cost));
    },
    onSuccess: ({ credits }) => {
      queryClient.setQueryData<Me | null>(meQueryOptions.queryKey, (me) => me && { ...me, credits });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        queryClient.setQueryData<Me | null>(meQueryOptions.queryKey, null);
        return;
      }
      const { title, description } = pickFailureNotice(error);
      toast.error(title, description ? { description } : undefined);
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
    onSettled: () => {
      inFlight.current = false;
      void queryClient.invalidateQueries({ queryKey: ["questions"] });
      void queryClient.invalidateQueries({ queryKey: ["picks"] });
    },
  });

  const submit = (input: SubmitInput, onSuccess: () => void) => {
    if (inFlight.current) {
      toast("Pick in Progress", { description: "This pick is already being submitted. Please wait." });
      return;
    }
    inFlight.current = true;
    mutation.mutate(input, { onSuccess });
  };
  return { submit, isPending: mutation.isPending };
};
