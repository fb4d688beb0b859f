import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import * as z from "zod/mini";
import { STAFF_PLAY_MESSAGE } from "#shared/staff";
import { NotFound } from "../components/not-found";
import { Button } from "../components/ui/button";
import { ensureMe, useAuth } from "../features/auth/auth-queries";
import { rememberReferralCode } from "../features/auth/referral-storage";
import { useShareQuestion } from "../features/feed/share";
import { useBookmark } from "../features/feed/use-bookmark";
import { takesPicks } from "../features/picks/pick-math";
import { questionDetailQueryOptions } from "../features/picks/picks-queries";
import { ApiError, isNetworkError } from "../lib/api";
import { waitForPageData } from "../lib/page-data";
import { textParam } from "../lib/search-params";
import { QuestionView } from "./-question/question-view";

const PickDialog = lazy(() => import("../features/picks/pick-dialog").then((m) => ({ default: m.PickDialog })));

const searchSchema = z.object({
  // The option a visitor chose before logging in (the page's pick buttons send them back with it).
  choice: z.catch(z.optional(z.enum(["yes", "no"])), undefined),
  // A shared link carries its sharer's invitation.
  ref: textParam,
});

const TITLE = "Pickstreak";

const QuestionPage = () => {
  const { questionId } = Route.useParams();
  const { choice, ref } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { me, isAdmin, status } = useAuth();
  const detail = useQuery({
    ...questionDetailQueryOptions(questionId, me?.user.id ?? null),
    enabled: status !== "loading",
  });
  const path = `/questions/${encodeURIComponent(questionId)}`;
  const toggleBookmark = useBookmark(path);
  const share = useShareQuestion();
  const [picking, setPicking] = useState<"yes" | "no" | null>(null);
  const question = detail.data?.question;

  useEffect(() => rememberReferralCode(ref), [ref]);
  useEffect(() => {
    if (!question) return;
    document.title = `${question.title} · ${TITLE}`;
    return () => {
      document.title = TITLE;
    };
  }, [question]);
  // Back from logging in with the option they chose: its pick opens once, and the address forgets it.
  useEffect(() => {
    if (!choice || !question) return;
    if (me && !isAdmin && !question.myPick && takesPicks(question)) setPicking(choice);
    void navigate({ search: (prev) => ({ ...prev, choice: undefined }), replace: true });
  }, [choice, question, me, isAdmin, navigate]);

  if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFound />;
  if (detail.isError && !question) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-16 text-center">
        <p className="font-semibold">
          {isNetworkError(detail.error) ? "Couldn't reach Pickstreak" : "Failed to load question"}
        </p>
        <Button variant="secondary" onClick={() => void detail.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!detail.data || !question) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6" aria-busy="true">
        <div
          className="h-96 animate-pulse rounded-2xl bg-slate-100 dark:bg-slate-900"
          data-testid="question-skeleton"
        />
      </div>
    );
  }
  return (
    <>
      <QuestionView
        detail={detail.data}
        signedIn={Boolean(me)}
        pickBlockedReason={isAdmin ? STAFF_PLAY_MESSAGE : undefined}
        onPick={setPicking}
        onBookmark={(bookmarked) => void toggleBookmark(question.id, bookmarked)}
        onShare={() => void share(question.id)}
      />
      {picking ? (
        <Suspense fallback={null}>
          <PickDialog
            target={{ question, questionId: question.id, choice: picking }}
            onClose={() => setPicking(null)}
            onPicked={() => undefined}
          />
        </Suspense>
      ) : null}
    </>
  );
};

export const Route = createFileRoute("/questions/$questionId")({
  validateSearch: searchSchema,
  // The question carries the viewer's own pick and bookmark, so it waits for the session (at once for a visitor).
  loader: ({ context: { queryClient }, params: { questionId } }) =>
    waitForPageData(
      ensureMe(queryClient).then((me) =>
        queryClient.ensureQueryData(questionDetailQueryOptions(questionId, me?.user.id ?? null)),
      ),
    ),
  component: QuestionPage,
});
