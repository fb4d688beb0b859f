import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { toast } from "../../lib/toast";
import { api } from "../../lib/api";
import { useAuth } from "../auth/auth-queries";
import type { FeedPage } from "./feed-queries";

const setBookmarkedInFeeds = (pages: InfiniteData<FeedPage> | undefined, id: string, bookmarked: boolean) =>
  pages && {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      items: page.items.map((q) => (q.id === id ? { ...q, bookmarked } : q)),
    })),
  };

/** Toggles a bookmark, showing it at once and undoing that if the server refuses. */
export const useBookmark = () => {
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: ({ id, bookmarked }: { id: string; bookmarked: boolean }) =>
      api(`/api/bookmarks/${encodeURIComponent(id)}`, { method: bookmarked ? "PUT" : "DELETE" }),
    onMutate: ({ id, bookmarked }) => {
      queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: ["questions", "feed"] }, (old) => setBookmarkedInFeeds(old, id, bookmarked));
    },
    onSuccess: (_data, { bookmarked }) => toast.success(bookmarked ? "Question bookmarked" : "Bookmark removed"),
    onError: (_error, { id, bookmarked }) => {
      queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: ["questions", "feed"] }, (old) => setBookmarkedInFeeds(old, id, !bookmarked));
      toast.error("Failed to update bookmark");
    },
    // The bookmarked-only feed is cached separately, so every change must mark it stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["questions", "feed"] }),
  });

  return (id: string, bookmarked: boolean) => {
    if (!me) {
      toast("Log in to bookmark questions", {
        action: { label: "Log in", onClick: () => void navigate({ to: "/auth", search: { mode: "login", redirect: "/home" } }) },
      });
      return;
    }
    mutation.mutate({ id, bookmarked });
  };
};
