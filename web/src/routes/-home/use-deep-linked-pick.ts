import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect } from "react";
import { useAuth } from "../../features/auth/auth-queries";
import type { Question } from "../../features/feed/feed-queries";

/** `?q=<id>&action=pick&choice=yes|no` opens that question's pick modal once, then leaves the URL. */
export const useDeepLinkedPick = (
  open: (question: Question | null, id: string, choice: "yes" | "no" | null) => void,
) => {
  const search = useSearch({ from: "/home" });
  const navigate = useNavigate({ from: "/home" });
  const { status } = useAuth();

  useEffect(() => {
    if (!search.q || status === "loading") return;
    open(null, search.q, search.action === "pick" ? (search.choice ?? null) : null);
    void navigate({
      search: (prev) => ({ ...prev, q: undefined, action: undefined, choice: undefined }),
      replace: true,
    });
  }, [search.q, search.action, search.choice, status, open, navigate]);
};
