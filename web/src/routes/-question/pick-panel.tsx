import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LOG_IN_TO_PICK } from "../../features/auth/log-in-prompt";
import type { Question } from "../../features/feed/feed-queries";
import { takesPicks } from "../../features/picks/pick-math";
import { QuestionResultStatus } from "../../features/score-feed/result-status";
import { isPending, outcomeLabel } from "../../features/score-feed/result-text";

const CHOICES = ["yes", "no"] as const;
type Choice = (typeof CHOICES)[number];

const CHOICE_BUTTON =
  "flex min-h-14 min-w-0 flex-col items-center justify-center rounded-xl border-2 border-slate-300 px-3 py-2 text-center font-semibold [overflow-wrap:anywhere] hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-slate-300 disabled:hover:bg-transparent dark:border-slate-700 dark:hover:bg-brand-800/30";

const optionOf = (question: Question, choice: Choice) =>
  choice === "yes" ? question.answerOptionA : question.answerOptionB;

const Panel = ({ children }: { children: ReactNode }) => (
  <div role="status" className="rounded-xl bg-slate-100 p-4 font-semibold dark:bg-slate-800">
    {children}
  </div>
);

type Props = {
  question: Question;
  signedIn: boolean;
  /** Why this viewer may not pick (a staff account): the choices show disabled with it beneath. */
  blockedReason: string | undefined;
  onPick: (choice: Choice) => void;
};

/**
 * What the page offers to do about the question: pick one of its options (a visitor is sent to log in first, and
 * comes back to the pick), or once picking is over, what happened.
 */
export const PickPanel = ({ question, signedIn, blockedReason, onPick }: Props) => {
  if (isPending(question.autoResolution)) return <QuestionResultStatus question={question} />;
  if (question.outcome === "void") return <Panel>Voided: every pick was refunded</Panel>;
  if (question.outcome !== "unresolved") return <Panel>Result: {outcomeLabel(question.outcome, question)}</Panel>;
  if (!takesPicks(question)) return <Panel>Locked: picking is closed, the result is not in yet</Panel>;
  if (question.myPick) return null;
  if (!signedIn) {
    return (
      <div className="grid grid-cols-2 gap-3">
        {CHOICES.map((choice) => (
          <Link
            key={choice}
            to="/auth"
            search={{ mode: "login", redirect: `/questions/${encodeURIComponent(question.id)}?choice=${choice}` }}
            className={CHOICE_BUTTON}
            data-testid="log-in-to-pick"
          >
            <span>{optionOf(question, choice)}</span>
            <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{LOG_IN_TO_PICK}</span>
          </Link>
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-3">
      {CHOICES.map((choice) => (
        <button
          key={choice}
          type="button"
          disabled={blockedReason !== undefined}
          aria-describedby={blockedReason ? "pick-blocked" : undefined}
          onClick={() => onPick(choice)}
          className={CHOICE_BUTTON}
        >
          {optionOf(question, choice)}
        </button>
      ))}
      {blockedReason ? (
        <p id="pick-blocked" className="col-span-2 text-xs text-slate-600 dark:text-slate-400">
          {blockedReason}
        </p>
      ) : null}
    </div>
  );
};
