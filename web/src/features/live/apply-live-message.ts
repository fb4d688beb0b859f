import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { LiveMessage } from "#shared/live-messages";
import type { Me } from "../auth/auth-queries";
import type { FeedPage } from "../feed/feed-queries";
import type { CreditBurst } from "./credit-animation";

const withoutQuestion = (data: InfiniteData<FeedPage> | undefined, id: string) =>
  data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((q) => q.id !== id) })) };

/** Live events only ever touch the query cache (set or invalidate); screens re-render from it. */
export const applyLiveMessage = (queryClient: QueryClient, message: LiveMessage, onBurst: (burst: CreditBurst) => void) => {
  switch (message.type) {
    case "credits":
      queryClient.setQueryData<Me | null>(["me"], (me) => me && { ...me, credits: message.data });
      return;
    case "transaction":
      onBurst({ id: message.data.id, amount: message.data.amount, transactionType: message.data.transactionType });
      return;
    case "pick":
      void queryClient.invalidateQueries({ queryKey: ["picks"] });
      return;
    case "profile":
      void queryClient.invalidateQueries({ queryKey: ["me"] });
      return;
    case "question.updated":
    case "question.published":
      void queryClient.invalidateQueries({ queryKey: ["questions"] });
      void queryClient.invalidateQueries({ queryKey: ["categories"] });
      return;
    case "question.deleted":
      queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: ["questions", "feed"] }, (data) => withoutQuestion(data, message.data.id));
      queryClient.removeQueries({ queryKey: ["questions", "detail", message.data.id] });
      // Its picks leave My Picks (and the streak), its picks and wins the community feed and the boards.
      void queryClient.invalidateQueries({ queryKey: ["picks"] });
      void queryClient.invalidateQueries({ queryKey: ["activity"] });
      void queryClient.invalidateQueries({ queryKey: ["leaderboard"] });
      return;
    case "activity":
      void queryClient.invalidateQueries({ queryKey: ["activity"] });
      // A win moves the standings and contest scores; only boards on screen refetch.
      if (message.data.kind === "win") {
        void queryClient.invalidateQueries({ queryKey: ["leaderboard"] });
        void queryClient.invalidateQueries({ queryKey: ["contests"] });
      }
      return;
  }
};
