import { Share2, Star } from "lucide-react";
import { memo } from "react";
import { useCountdown } from "../../features/feed/countdown";
import type { Question } from "../../features/feed/feed-queries";
import { crowdSplit } from "../../features/picks/crowd-split";
import { QuestionResultStatus } from "../../features/score-feed/result-status";
import { isPending } from "../../features/score-feed/result-text";
import { formatCredits, formatPlural } from "../../lib/format";

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

const ICON_BUTTON = "rounded-full p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

// Cards off screen skip style, layout and paint until scrolled near (content-visibility); the fixed 26rem height
// doubles as their placeholder size, so nothing shifts when they render. Within it the text part keeps its natural
// height (the title clamped to two lines, their room always kept so cards in a row line up) and the picture takes
// what is left, so the choices, bookmark, share and an admin's Edit and Delete always show.
/** The pick count, and once the player has picked (or picking is over) how the crowd split between the options. */
const CrowdLine = ({ question }: { question: Question }) => {
  const crowd = question.crowd;
  const total = crowd ? crowd.yes + crowd.no : 0;
  if (!crowd || total === 0) return <span>{formatPlural(question.pickCount, "pick")}</span>;
  return (
    <span className="min-w-0 truncate" data-testid="crowd-split">
      {crowdSplit(crowd, question)}
    </span>
  );
};

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
          className="truncate rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:border-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-slate-300 disabled:hover:bg-transparent dark:border-slate-700 dark:hover:bg-brand-800/30"
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

export const QuestionCard = memo(
  ({ question, onPick, onBookmark, onShare, adminActions, pickBlockedReason, eager = false }: Props) => (
    <article
      className="flex h-[26rem] flex-col [contain-intrinsic-size:auto_26rem] [content-visibility:auto] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="question-card"
    >
      <div className="relative min-h-0 flex-1 bg-gradient-to-br from-brand-700 to-brand-800">
        {question.imageUrl ? (
          <img
            src={question.imageUrl}
            alt=""
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-3xl font-black text-white/80" aria-hidden="true">
            {(question.category ?? "Pick").slice(0, 3).toUpperCase()}
          </div>
        )}
        <span className="absolute left-2 top-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white">
          {question.category ?? "Sports"}
        </span>
        <span
          className={`absolute right-2 top-2 rounded-full px-2 py-0.5 text-xs font-bold ${question.creditCost === 0 ? "bg-amber-400 text-amber-950" : "bg-white text-slate-900"}`}
        >
          {question.creditCost === 0 ? "FREE" : formatCredits(question.creditCost)}
        </span>
      </div>
      <div className="flex shrink-0 flex-col gap-3 p-4">
        <h2 className="line-clamp-2 h-[2.75rem] font-semibold leading-snug" title={question.title}>
          {question.title}
        </h2>
        <CardBody question={question} onPick={onPick} pickBlockedReason={pickBlockedReason} />
        <div className="flex items-center justify-between text-xs text-slate-600 dark:text-slate-400">
          <CrowdLine question={question} />
          {isPending(question.autoResolution) ? null : <Countdown deadline={question.deadline} />}
        </div>
        <div className="-mb-2 flex items-center justify-end gap-1">
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
    className="h-[26rem] animate-pulse rounded-2xl border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-900"
    data-testid="question-skeleton"
  />
);
