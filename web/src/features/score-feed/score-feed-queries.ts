import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "../../lib/api";

const AWAITING_REFRESH_MS = 60_000;

/** The viewer's picked questions whose result is proposed or challenged (under "questions", so live updates refresh it). */
export const awaitingResultsQueryOptions = (viewer: string) =>
  queryOptions({
    queryKey: ["questions", "awaiting", viewer],
    queryFn: ({ signal }) => unwrap(client["score-feed"].awaiting.$get(undefined, { init: { signal } })),
    refetchInterval: AWAITING_REFRESH_MS,
  });

export const useChallenge = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { questionId: string; reason: string }) =>
      unwrap(client["score-feed"].challenges.$post({ json: input })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["questions"] });
      void queryClient.invalidateQueries({ queryKey: ["picks"] });
    },
  });
};
