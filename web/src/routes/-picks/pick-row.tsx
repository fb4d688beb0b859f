import { useCountdown } from "../../features/feed/countdown";
import type { MyPickRow } from "../../features/picks/picks-queries";
import { CrowdBar } from "../../features/picks/crowd-bar";
import { crowdSplit } from "../../features/picks/crowd-split";
import { ResultStatus } from "../../features/score-feed/result-status";
import { isPending } from "../../features/score-feed/result-text";
import { ShareCardButton } from "../../features/share/share-card";
import { formatCredits } from "../../lib/format";

const STATUS_LABEL = { active: "In progress", won: "Won", lost: "Lost", void: "Void" } as const;
const STATUS_CLASS = {
  active: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  won: "bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100",
  lost: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  void: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
} as const;

const Countdown = ({ deadline }: { deadline: number }) => <span>{useCountdown(deadline)}</span>;

/** Won shows +payout, lost shows -spent, others show what a win would pay. */
const amount = (pick: MyPickRow) => {
  if (pick.status === "won") return `+${pick.actualPayout}`;
  if (pick.status === "lost") return `-${pick.creditsSpent}`;
  if (pick.status === "void") return `${pick.creditsSpent} refunded`;
  return `pays ${pick.potentialPayout}`;
};

export const PickRowItem = ({ pick }: { pick: MyPickRow }) => (
  <li
    className="flex items-start justify-between gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    data-testid="my-pick"
  >
    <div className="min-w-0">
      <p className="font-semibold">{pick.question.title}</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {pick.choice === "yes" ? pick.question.answerOptionA : pick.question.answerOptionB} ·{" "}
        {formatCredits(pick.creditsSpent)} at {pick.multiplier}x
      </p>
      {isPending(pick.question.autoResolution) ? (
        <div className="my-1.5">
          <ResultStatus
            questionId={pick.questionId}
            title={pick.question.title}
            answerOptionA={pick.question.answerOptionA}
            answerOptionB={pick.question.answerOptionB}
            feed={pick.question.autoResolution}
            picked
          />
        </div>
      ) : pick.status === "active" ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Closes in <Countdown deadline={pick.question.deadline} />
        </p>
      ) : null}
      {pick.question.crowd.yes + pick.question.crowd.no > 0 ? (
        <>
          <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="crowd-split">
            {crowdSplit(pick.question.crowd, pick.question)}
            {pick.crowd ? (
              <span data-testid="crowd-side"> · {pick.crowd === "with" ? "With the crowd" : "Against the crowd"}</span>
            ) : null}
          </p>
          <CrowdBar crowd={pick.question.crowd} className="mt-1 max-w-60" />
        </>
      ) : null}
    </div>
    <div className="shrink-0 text-right">
      <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[pick.status]}`}>
        {STATUS_LABEL[pick.status]}
      </span>
      <p className="mt-1 text-sm font-bold">{amount(pick)}</p>
      <div className="-mr-2 mt-1">
        <ShareCardButton kind="pick" id={pick.id} title={pick.question.title} label="Share pick" compact />
      </div>
    </div>
  </li>
);
