import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryOptions, type MeUser } from "../../features/auth/auth-queries";
import { api } from "../../lib/api";

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { username?: string; country?: string }) =>
      api<{ user: MeUser }>("/api/me", { method: "PATCH", json: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
};
