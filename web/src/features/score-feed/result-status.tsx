import { Flag, Hourglass } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { Question } from "../feed/feed-queries";
import { useClockValue } from "../../lib/second-clock";
import { canChallenge, finalInText, isPending, outcomeLabel, scoreText, type AutoResolution } from "./result-text";

const ChallengeDialog = lazy(() => import("./challenge-dialog").then((m) => ({ default: m.ChallengeDialog })));

type Props = {
  questionId: string;
  title: string;
  answerOptionA: string;
  answerOptionB: string;
  feed: AutoResolution | null;
  /** The viewer picked this question: only they may challenge. */
  picked: boolean;
};

/**
 * The score feed's proposal while it can still change: "Proposed: Over. Final in 28 min" with the score and, for a
 * player who picked, a way to challenge it; under review, that an admin is on it. Nothing once final or unlinked.
 */
export const ResultStatus = ({ questionId, title, answerOptionA, answerOptionB, feed, picked }: Props) => {
  const pending = isPending(feed);
  const finalIn = useClockValue((now) => (pending ? finalInText(feed.finalAt ?? now, now) : ""), pending);
  const challengeable = useClockValue((now) => pending && canChallenge(feed, picked, now), pending);
  const [challenging, setChallenging] = useState(false);
  if (!pending) return null;
  const proposal = `Proposed: ${outcomeLabel(feed.proposedOutcome ?? "", { answerOptionA, answerOptionB })}`;
  const score = scoreText(feed);
  return (
    <div
      className="space-y-1.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-50"
      data-testid="result-status"
    >
      {feed.state === "challenged" ? (
        <p className="flex items-center gap-1.5 font-semibold">
          <Flag aria-hidden="true" size={14} className="shrink-0" /> Challenged — an admin is reviewing
        </p>
      ) : (
        <p className="flex items-center gap-1.5 font-semibold">
          <Hourglass aria-hidden="true" size={14} className="shrink-0" />
          <span>
            {proposal}. <span className="font-normal">{finalIn}</span>
          </span>
        </p>
      )}
      <p className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs text-amber-900 dark:text-amber-100/90">
        <span className="min-w-0 truncate" title={`${feed.homeTeam} v ${feed.awayTeam}`}>
          {score ? <span className="font-semibold">{score}</span> : null}
          {score ? " · " : ""}
          {feed.homeTeam} v {feed.awayTeam}
        </span>
        {challengeable ? (
          <button
            type="button"
            onClick={() => setChallenging(true)}
            className="-my-1 rounded-md px-2 py-1.5 text-xs font-semibold text-amber-900 underline underline-offset-2 hover:bg-amber-100 dark:text-amber-100 dark:hover:bg-amber-900/50"
          >
            Challenge result
          </button>
        ) : null}
      </p>
      {challenging ? (
        <Suspense fallback={null}>
          <ChallengeDialog
            questionId={questionId}
            title={title}
            proposal={`${proposal}${score ? ` · ${score}` : ""}`}
            onClose={() => setChallenging(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
};

type Proposed = Pick<Question, "id" | "title" | "answerOptionA" | "answerOptionB" | "autoResolution" | "myPick">;

/** A question's proposal, as its card and its pick dialog show it: the viewer may challenge it if they picked. */
export const QuestionResultStatus = ({ question }: { question: Proposed }) => (
  <ResultStatus
    questionId={question.id}
    title={question.title}
    answerOptionA={question.answerOptionA}
    answerOptionB={question.answerOptionB}
    feed={question.autoResolution}
    picked={question.myPick !== null}
  />
);
