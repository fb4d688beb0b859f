import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { toast } from "../../lib/toast";
import { client, unwrap } from "../../lib/api";
import { LOG_IN_TO_PICK, useLogInPrompt, useViewer } from "../auth/log-in-prompt";
import { questionDetailQueryKey, type QuestionDetail } from "../picks/picks-queries";
import type { FeedPage } from "./feed-queries";

const setBookmarkedInFeeds = (pages: InfiniteData<FeedPage> | undefined, id: string, bookmarked: boolean) =>
  pages && {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      items: page.items.map((q) => (q.id === id ? { ...q, bookmarked } : q)),
    })),
  };

const setBookmarkedOnPage = (detail: QuestionDetail | undefined, bookmarked: boolean) =>
  detail && { ...detail, question: { ...detail.question, bookmarked } };

/**
 * Toggles a bookmark, showing it at once (in the feed and on the question's page) and undoing that if the server
 * refuses. A visitor is asked to log in, then brought back to `redirect`.
 */
export const useBookmark = (redirect = "/home") => {
  const queryClient = useQueryClient();
  const promptLogIn = useLogInPrompt();
  const viewer = useViewer();
  const mutation = useMutation({
    mutationFn: ({ id, bookmarked }: { id: string; bookmarked: boolean }) =>
      unwrap(
        bookmarked
          ? client.bookmarks[":questionId"].$put({ param: { questionId: id } })
          : client.bookmarks[":questionId"].$delete({ param: { questionId: id } }),
      ),
    onMutate: ({ id, bookmarked }) => {
      queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: ["questions", "feed"] }, (old) =>
        setBookmarkedInFeeds(old, id, bookmarked),
      );
      queryClient.setQueriesData<QuestionDetail>({ queryKey: questionDetailQueryKey(id) }, (old) =>
        setBookmarkedOnPage(old, bookmarked),
      );
    },
    onSuccess: (_data, { bookmarked }) => toast.success(bookmarked ? "Question bookmarked" : "Bookmark removed"),
    onError: (_error, { id, bookmarked }) => {
      queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: ["questions", "feed"] }, (old) =>
        setBookmarkedInFeeds(old, id, !bookmarked),
      );
      queryClient.setQueriesData<QuestionDetail>({ queryKey: questionDetailQueryKey(id) }, (old) =>
        setBookmarkedOnPage(old, !bookmarked),
      );
      toast.error("Failed to update bookmark");
    },
    // The bookmarked-only feed is cached separately, so every change must mark it stale; so are the results awaited.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["questions", "feed"] }),
        queryClient.invalidateQueries({ queryKey: ["questions", "awaiting"] }),
      ]),
  });

  return async (id: string, bookmarked: boolean) => {
    // Visitors who bookmark are asked in the same words as those who pick.
    if (!(await viewer())) {
      promptLogIn({ message: LOG_IN_TO_PICK, redirect });
      return;
    }
    mutation.mutate({ id, bookmarked });
  };
};
