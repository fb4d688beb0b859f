import { Link } from "@tanstack/react-router";
import { ArrowLeft, Share2, Star } from "lucide-react";
import { Button } from "../../components/ui/button";
import { useCountdown } from "../../features/feed/countdown";
import type { Question } from "../../features/feed/feed-queries";
import { crowdSplit } from "../../features/picks/crowd-split";
import { takesPicks } from "../../features/picks/pick-math";
import type { QuestionDetail } from "../../features/picks/picks-queries";
import { formatCount, formatCredits, formatDateTime, formatPlural } from "../../lib/format";
import { OutcomeHistory } from "./outcome-history";
import { PickPanel } from "./pick-panel";

/** The question's picture, or without one a short band with its sport's letters. */
const Picture = ({ question }: { question: Question }) =>
  question.imageUrl ? (
    <img
      src={question.imageUrl}
      alt=""
      decoding="async"
      className="aspect-[2/1] max-h-80 w-full bg-gradient-to-br from-brand-700 to-brand-800 object-cover"
    />
  ) : (
    <div
      className="flex h-28 items-center justify-center bg-gradient-to-br from-brand-700 to-brand-800 text-4xl font-black text-white/80 sm:h-36"
      aria-hidden="true"
    >
      {(question.category ?? "Pick").slice(0, 3).toUpperCase()}
    </div>
  );

const Countdown = ({ deadline }: { deadline: number }) => <>{useCountdown(deadline)}</>;

const Deadline = ({ question }: { question: Question }) => {
  const when = <time dateTime={new Date(question.deadline).toISOString()}>{formatDateTime(question.deadline)}</time>;
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="deadline">
      {takesPicks(question) ? (
        <>
          Picks close {when} · <Countdown deadline={question.deadline} /> left
        </>
      ) : question.deadline <= Date.now() ? (
        <>Picking closed {when}</>
      ) : (
        // Settled (or taken off the feed) before its deadline.
        <>Picking closed early (deadline {when})</>
      )}
    </p>
  );
};

/** The split once the viewer picked or picking is over (the server sends none before: it would steer the pick). */
const Crowd = ({ question }: { question: Question }) => {
  const { crowd } = question;
  const total = crowd ? crowd.yes + crowd.no : 0;
  let text = `${formatPlural(question.pickCount, "pick")} · the crowd's split shows once you've picked`;
  if (crowd) text = total > 0 ? crowdSplit(crowd, question) : "No picks were made";
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="crowd-split">
      {text}
    </p>
  );
};

const RESULTS = { won: "Won", lost: "Lost", void: "Void: refunded" } as const;

const MyPick = ({ question }: { question: Question }) => {
  const pick = question.myPick;
  if (!pick) return null;
  const option = pick.choice === "yes" ? question.answerOptionA : question.answerOptionB;
  const result =
    pick.status === "active"
      ? `pays ${formatCount(pick.potentialPayout)} if right`
      : pick.status === "won"
        ? `${RESULTS.won}: +${formatCredits(pick.actualPayout)}`
        : pick.status === "void"
          ? `${RESULTS.void} ${formatCredits(pick.creditsSpent)}`
          : RESULTS.lost;
  return (
    <section
      aria-labelledby="my-pick-heading"
      className="rounded-xl bg-brand-50 p-4 text-brand-800 dark:bg-brand-800/30 dark:text-brand-100"
      data-testid="my-pick"
    >
      <h2 id="my-pick-heading" className="text-sm font-semibold">
        Your pick
      </h2>
      <p className="text-lg font-bold [overflow-wrap:anywhere]">{option}</p>
      <p className="text-sm" data-testid="my-pick-result">
        {formatCredits(pick.creditsSpent)} at {pick.multiplier}x · {result}
      </p>
    </section>
  );
};

type Props = {
  detail: QuestionDetail;
  signedIn: boolean;
  pickBlockedReason: string | undefined;
  onPick: (choice: "yes" | "no") => void;
  onBookmark: (bookmarked: boolean) => void;
  onShare: () => void;
};

/** A question's own page: the question, how to pick it (or what happened), the crowd, the viewer's pick, its history. */
export const QuestionView = ({ detail, signedIn, pickBlockedReason, onPick, onBookmark, onShare }: Props) => {
  const { question, outcomeHistory } = detail;
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 pb-6 pt-4">
      <Link
        to="/home"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline md:min-h-9 dark:text-brand-500"
      >
        <ArrowLeft aria-hidden="true" size={16} />
        All questions
      </Link>
      <article
        aria-labelledby="question-title"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
        data-testid="question-page"
      >
        <Picture question={question} />
        <div className="space-y-4 p-5 sm:p-6">
          <header className="space-y-2">
            <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
              <span className="text-slate-700 dark:text-slate-300">{question.category ?? "Sports"}</span>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-bold ${question.creditCost === 0 ? "bg-amber-400 text-amber-950" : "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100"}`}
              >
                {question.creditCost === 0 ? "FREE" : formatCredits(question.creditCost)}
              </span>
            </p>
            <h1 id="question-title" className="text-2xl font-bold leading-tight [overflow-wrap:anywhere] sm:text-3xl">
              {question.title}
            </h1>
            <Deadline question={question} />
          </header>
          <PickPanel question={question} signedIn={signedIn} blockedReason={pickBlockedReason} onPick={onPick} />
          <MyPick question={question} />
          <Crowd question={question} />
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            <Button
              variant="secondary"
              aria-pressed={question.bookmarked}
              onClick={() => onBookmark(!question.bookmarked)}
            >
              <Star aria-hidden="true" size={16} fill={question.bookmarked ? "currentColor" : "none"} />
              Bookmark
            </Button>
            <Button variant="secondary" onClick={onShare}>
              <Share2 aria-hidden="true" size={16} />
              Share
            </Button>
          </div>
        </div>
      </article>
      <OutcomeHistory changes={outcomeHistory} question={question} />
    </div>
  );
};
