import type { Question } from "../feed/feed-queries";
import { QuestionResultStatus } from "../score-feed/result-status";
import { isPending, outcomeLabel } from "../score-feed/result-text";
import { CrowdBar } from "./crowd-bar";
import { crowdSplit } from "./crowd-split";

const PICK_STATUS = { active: "In progress", won: "Won", lost: "Lost", void: "Void" } as const;

/** The result once set; before that the score feed's proposal while it can change, or that picking is closed. */
const Result = ({ question }: { question: Question }) => {
  if (question.outcome === "void") return <p className="font-semibold">Voided: every pick was refunded</p>;
  if (question.outcome !== "unresolved")
    return <p className="font-semibold">Result: {outcomeLabel(question.outcome, question)}</p>;
  if (isPending(question.autoResolution)) return <QuestionResultStatus question={question} />;
  return <p className="font-semibold">Locked: picking is closed, the result is not in yet</p>;
};

/**
 * A question that no longer takes picks (a shared link to a result, or a card whose deadline passed while open): what
 * happened and how the crowd picked, which may show now that it can no longer steer a pick. Nothing to pick.
 */
export const ClosedQuestion = ({ question }: { question: Question }) => {
  const crowd = question.crowd;
  const total = crowd ? crowd.yes + crowd.no : 0;
  const myPick = question.myPick;
  const label = (c: "yes" | "no") => (c === "yes" ? question.answerOptionA : question.answerOptionB);
  return (
    <div className="space-y-3" data-testid="closed-question">
      <div role="status" className="rounded-xl bg-slate-100 p-4 dark:bg-slate-800">
        <Result question={question} />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="crowd-split">
        {crowd && total > 0 ? crowdSplit(crowd, question) : "No picks were made"}
      </p>
      {crowd ? <CrowdBar crowd={crowd} className="-mt-2 max-w-xs" /> : null}
      {myPick ? (
        <p className="text-sm">
          Your pick: <span className="font-semibold">{label(myPick.choice)}</span> · {PICK_STATUS[myPick.status]}
        </p>
      ) : null}
    </div>
  );
};
