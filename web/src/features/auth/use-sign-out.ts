import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { toast } from "../../lib/toast";
import { api } from "../../lib/api";
import { THEME_STORAGE_KEY } from "../../lib/theme";

/** Clears everything stored on this device (the theme is a device setting, so it stays). */
const clearStorage = () => {
  const theme = localStorage.getItem(THEME_STORAGE_KEY);
  localStorage.clear();
  sessionStorage.clear();
  if (theme) localStorage.setItem(THEME_STORAGE_KEY, theme);
};

/** Sign-out always succeeds for the player; a failed server call is reported softly. */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    let clean = true;
    try {
      await api("/api/auth/logout", { method: "POST" });
    } catch {
      clean = false;
    }
    clearStorage();
    queryClient.setQueryData(["me"], null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "me" });
    await navigate({ to: "/" });
    if (clean) toast.success("Successfully logged out");
    else toast("Logged out (with minor issues)");
  };
};
