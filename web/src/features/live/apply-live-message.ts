import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { LiveMessage } from "#shared/live-messages";
import type { Me } from "../auth/auth-queries";
import type { FeedPage } from "../feed/feed-queries";
import { countCrowdPick, countPick } from "../picks/crowd-split";
import type { myPicksQueryOptions } from "../picks/picks-queries";
import { toast } from "../../lib/toast";
import type { CreditBurst } from "./credit-animation";
import { removedPickNotice, streakCorrectionNotice } from "./live-notices";

type MyPicks = Awaited<ReturnType<NonNullable<typeof myPicksQueryOptions.queryFn>>>;

const withoutQuestion = (data: InfiniteData<FeedPage> | undefined, id: string) =>
  data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((q) => q.id !== id) })) };

const withCountedPick = (data: InfiniteData<FeedPage> | undefined, id: string, choice: "yes" | "no") =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((q) => (q.id === id ? countPick(q, choice) : q)),
    })),
  };

/**
 * Live events touch the query cache (set or invalidate) and screens re-render from it; a streak correction and a
 * removed question's refund also say why.
 */
export const applyLiveMessage = (
  queryClient: QueryClient,
  message: LiveMessage,
  onBurst: (burst: CreditBurst) => void,
) => {
  switch (message.type) {
    case "credits":
      queryClient.setQueryData<Me | null>(["me"], (me) => me && { ...me, credits: message.data });
      // A referral bonus lands from a queue after the friend's pick: an invite history on screen turns to Rewarded.
      void queryClient.invalidateQueries({ queryKey: ["referrals"] });
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
    case "streak": {
      void queryClient.invalidateQueries({ queryKey: ["picks"] });
      const { title, description } = streakCorrectionNotice(message.data);
      toast(title, { description });
      return;
    }
    case "pick.removed": {
      void queryClient.invalidateQueries({ queryKey: ["picks"] });
      const { title, description } = removedPickNotice(message.data);
      toast(title, { description });
      return;
    }
    case "question.updated":
    case "question.published":
      void queryClient.invalidateQueries({ queryKey: ["questions"] });
      void queryClient.invalidateQueries({ queryKey: ["categories"] });
      return;
    case "question.deleted":
      queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: ["questions", "feed"] }, (data) =>
        withoutQuestion(data, message.data.id),
      );
      queryClient.removeQueries({ queryKey: ["questions", "detail", message.data.id] });
      // Its picks leave My Picks (and the streak), its picks and wins the community feed and the boards.
      void queryClient.invalidateQueries({ queryKey: ["picks"] });
      void queryClient.invalidateQueries({ queryKey: ["activity"] });
      void queryClient.invalidateQueries({ queryKey: ["leaderboard"] });
      return;
    case "activity":
      void queryClient.invalidateQueries({ queryKey: ["activity"] });
      // Another player's pick moves the card's count and, where the viewer already sees it, the crowd's split; the
      // viewer's own pick is in the cache from its own answer.
      if (
        message.data.kind === "pick" &&
        message.data.username !== queryClient.getQueryData<Me | null>(["me"])?.user.username
      ) {
        const { questionId, choice } = message.data;
        queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: ["questions", "feed"] }, (data) =>
          withCountedPick(data, questionId, choice),
        );
        queryClient.setQueryData<MyPicks>(
          ["picks", "mine"],
          (data) =>
            data && {
              ...data,
              items: data.items.map((row) =>
                row.questionId === questionId ? { ...row, question: countCrowdPick(row.question, choice) } : row,
              ),
            },
        );
      }
      // A win moves the standings and contest scores; only boards on screen refetch.
      if (message.data.kind === "win") {
        void queryClient.invalidateQueries({ queryKey: ["leaderboard"] });
        void queryClient.invalidateQueries({ queryKey: ["contests"] });
      }
      return;
  }
};
