import { Clock, Share2, Star } from "lucide-react";
import { Link } from "@tanstack/react-router";
import { memo } from "react";
import { useCountdown } from "../../features/feed/countdown";
import type { Question } from "../../features/feed/feed-queries";
import { CrowdBar } from "../../features/picks/crowd-bar";
import { crowdSplit } from "../../features/picks/crowd-split";
import { potentialPayout } from "../../features/picks/pick-math";
import { SportIcon } from "../../features/feed/sport-icon";
import { QuestionResultStatus } from "../../features/score-feed/result-status";
import { isPending } from "../../features/score-feed/result-text";
import { formatCount, formatCredits, formatPlural } from "../../lib/format";

type Props = {
  question: Question;
  onPick: (question: Question, choice: "yes" | "no") => void;
  onBookmark: (id: string, bookmarked: boolean) => void;
  onShare: (id: string) => void;
  adminActions?: React.ReactNode;
  /** Why this viewer may not pick (a staff account): the choices show disabled with it beneath. */
  pickBlockedReason?: string;
  /** Cards of the first row are on screen at load (one of them is usually the LCP): their images load at once. */
  eager?: boolean;
};

// The worker's first view of /home (web/src/ssr) counts from its own clock: the browser takes the text over as it is
// and corrects it at the next second's tick.
const Countdown = ({ deadline }: { deadline: number }) => {
  const text = useCountdown(deadline);
  return (
    <span
      className={text === "Expired" ? "font-semibold text-red-700 dark:text-red-400" : ""}
      data-testid="countdown"
      suppressHydrationWarning
    >
      {text}
    </span>
  );
};

// 44 px: a finger's size on a phone; the icon drawn inside stays small.
const ICON_BUTTON =
  "flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

/** The pick count, and once the player has picked (or picking is over) how the crowd split between the options. */
const CrowdLine = ({ question }: { question: Question }) => {
  const crowd = question.crowd;
  const total = crowd ? crowd.yes + crowd.no : 0;
  if (!crowd || total === 0) return <span className="shrink-0">{formatPlural(question.pickCount, "pick")}</span>;
  return (
    <span className="relative min-w-0" data-testid="crowd-split">
      <span className="block truncate">{crowdSplit(crowd, question)}</span>
      {/* Under the text, in the gap below the line, so a card with a split keeps the height of one without. */}
      <CrowdBar crowd={crowd} className="absolute inset-x-0 -bottom-1.5 h-1" />
    </span>
  );
};

/** What a pick at 1x costs and what it pays when right. */
const Stake = ({ question }: { question: Question }) => (
  <span className="shrink-0" data-testid="card-stake">
    <span
      className={`rounded-full px-2 py-0.5 font-bold ${question.creditCost === 0 ? "bg-amber-400 text-amber-950" : "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100"}`}
    >
      {question.creditCost === 0 ? "FREE" : formatCredits(question.creditCost)}
    </span>{" "}
    wins {formatCount(potentialPayout(question.creditCost, 1))}
  </span>
);

/** The question's own picture as a thumbnail, or its sport's drawing. */
const Thumbnail = ({ question, eager }: { question: Question; eager: boolean }) =>
  question.imageUrl ? (
    <img
      src={question.imageUrl}
      alt=""
      width={44}
      height={44}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="h-11 w-11 shrink-0 rounded-lg object-cover"
    />
  ) : (
    <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-800/30 dark:text-brand-100">
      <SportIcon category={question.category} />
    </span>
  );

/** Picking, or once the event is over and the score feed proposes a result, that result and its challenge window. */
const CardBody = ({ question, onPick, pickBlockedReason }: Pick<Props, "question" | "onPick" | "pickBlockedReason">) =>
  isPending(question.autoResolution) ? (
    <QuestionResultStatus question={question} />
  ) : (
    <div className="grid grid-cols-2 gap-2">
      {(["yes", "no"] as const).map((choice) => (
        <button
          key={choice}
          type="button"
          disabled={pickBlockedReason !== undefined}
          title={pickBlockedReason}
          aria-describedby={pickBlockedReason ? `pick-blocked-${question.id}` : undefined}
          onClick={() => onPick(question, choice)}
          className="h-11 truncate rounded-lg border border-slate-300 px-3 text-sm font-semibold hover:border-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-slate-300 disabled:hover:bg-transparent dark:border-slate-700 dark:hover:bg-brand-800/30"
        >
          {choice === "yes" ? question.answerOptionA : question.answerOptionB}
        </button>
      ))}
      {pickBlockedReason ? (
        <p
          id={`pick-blocked-${question.id}`}
          className="col-span-2 text-xs text-slate-600 dark:text-slate-400"
          data-testid="pick-blocked"
        >
          {pickBlockedReason}
        </p>
      ) : null}
    </div>
  );

// Cards off screen skip style, layout and paint until scrolled near (content-visibility), sized meanwhile by the
// height they last had. From two columns on, the title keeps two lines' room so the cards of a row line up.
export const QuestionCard = memo(
  ({ question, onPick, onBookmark, onShare, adminActions, pickBlockedReason, eager = false }: Props) => (
    <article
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm [contain-intrinsic-size:auto_11rem] [content-visibility:auto] dark:border-slate-800 dark:bg-slate-900"
      data-testid="question-card"
    >
      <div className="flex items-start gap-3">
        <Thumbnail question={question} eager={eager} />
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 font-semibold leading-snug sm:min-h-[2.75rem]" title={question.title}>
            <Link to="/questions/$questionId" params={{ questionId: question.id }} className="hover:underline">
              {question.title}
            </Link>
          </h2>
          <p className="flex min-w-0 items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
            <span className="truncate font-semibold text-slate-800 dark:text-slate-200">
              {question.category ?? "Sports"}
            </span>
            {isPending(question.autoResolution) ? null : (
              <>
                <span aria-hidden="true">·</span>
                <Clock aria-hidden="true" size={12} className="shrink-0" />
                <Countdown deadline={question.deadline} />
              </>
            )}
          </p>
        </div>
      </div>
      <CardBody question={question} onPick={onPick} pickBlockedReason={pickBlockedReason} />
      <div className="-my-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-400">
        <Stake question={question} />
        <span aria-hidden="true">·</span>
        <CrowdLine question={question} />
        <div className="ml-auto flex shrink-0 items-center">
          {adminActions}
          <button
            type="button"
            className={ICON_BUTTON}
            aria-pressed={question.bookmarked}
            aria-label={question.bookmarked ? "Remove bookmark" : "Bookmark question"}
            onClick={() => onBookmark(question.id, !question.bookmarked)}
          >
            <Star aria-hidden="true" size={18} fill={question.bookmarked ? "currentColor" : "none"} />
          </button>
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label="Share question"
            onClick={() => onShare(question.id)}
          >
            <Share2 aria-hidden="true" size={18} />
          </button>
        </div>
      </div>
    </article>
  ),
);
QuestionCard.displayName = "QuestionCard";

export const QuestionCardSkeleton = () => (
  <div
    aria-hidden="true"
    className="h-44 animate-pulse rounded-2xl border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-900"
    data-testid="question-skeleton"
  />
);
