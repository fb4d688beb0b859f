import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryOptions } from "../../features/auth/auth-queries";
import { client, unwrap } from "../../lib/api";

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { username?: string; country?: string }) => unwrap(client.me.$patch({ json: changes })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
};
