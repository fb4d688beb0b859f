import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { toast } from "../../lib/toast";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { useAuth } from "../auth/auth-queries";
import { pickLink, SESSION_LOST, useLogInPrompt } from "../auth/log-in-prompt";
import type { Question } from "../feed/feed-queries";
import { useModals } from "../shell/modals";
import { ClosedQuestion } from "./closed-question";
import { cheerfulMessage, MULTIPLIERS, pickCost, potentialPayout, shortfall, takesPicks } from "./pick-math";
import { questionQueryOptions } from "./picks-queries";
import { useSubmitPick } from "./use-submit-pick";
import { formatCount, formatCredits, formatPlural } from "../../lib/format";

type Target = { question: Question | null; questionId: string; choice: "yes" | "no" | null };
type Props = { target: Target; onClose: () => void; onPicked: (questionId: string) => void };

const OPTION = "rounded-xl border-2 px-3 py-3 text-sm font-semibold transition-colors";

const useQuestion = (target: Target) =>
  useQuery({
    ...questionQueryOptions(target.questionId),
    initialData: target.question ?? undefined,
    staleTime: target.question ? 30_000 : 0,
  });

export const PickDialog = ({ target, onClose, onPicked }: Props) => {
  const { me, status } = useAuth();
  const { openModal } = useModals();
  const { data: question, isError } = useQuestion(target);
  const [choice, setChoice] = useState<"yes" | "no" | null>(target.choice);
  const [multiplier, setMultiplier] = useState(1);
  const { submit, isPending } = useSubmitPick();
  const promptLogIn = useLogInPrompt();
  const focusedChoice = useRef<HTMLButtonElement>(null);
  const signedOut = useRef(false);
  // Picking is over (locked, resolved or voided): the dialog only shows what happened, to a visitor too.
  const closed = Boolean(question && !takesPicks(question));
  const choosing = Boolean(question && !question.myPick && !closed);

  // Focus starts on the chosen answer, not on the close button where Enter would close: Enter confirms at once. A
  // question that arrives after opening (a shared link) takes the focus when it renders.
  useEffect(() => {
    if (choosing) focusedChoice.current?.focus();
  }, [choosing]);

  // The session ended while open (a pick answered 401, or the live socket heard of a sign-out elsewhere): there is
  // no pick to make and no balance to measure it against, so close and offer to sign in, back to this pick.
  useEffect(() => {
    if (status !== "initialized" || me || signedOut.current || closed) return;
    signedOut.current = true;
    onClose();
    promptLogIn({
      message: SESSION_LOST,
      redirect: pickLink(target.questionId, choice),
      error: true,
    });
  }, [status, me, closed, onClose, promptLogIn, target.questionId, choice]);

  const free = question?.creditCost === 0;
  const cost = question ? pickCost(question.creditCost, multiplier) : 0;
  const missing = shortfall(me?.credits.balance ?? 0, cost);
  const canSubmit = Boolean(choosing && choice && missing === 0);
  const label = (c: "yes" | "no") => (c === "yes" ? question?.answerOptionA : question?.answerOptionB) ?? "";

  const confirm = () => {
    if (!question || !choice) return;
    submit({ questionId: question.id, choice, multiplier: free ? 1 : multiplier, cost }, () => {
      toast.success(`Pick Confirmed - ${label(choice)}`, {
        description: cheerfulMessage(),
      });
      onPicked(question.id);
      onClose();
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && canSubmit) {
      event.preventDefault();
      confirm();
    }
  };

  const myPick = question?.myPick;
  const title = closed ? "Picking Closed" : myPick ? "Your Pick" : "Make Your Pick";
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      initialFocus={focusedChoice}
      title={title}
      description={question?.title}
    >
      <div onKeyDown={onKeyDown} className="space-y-4">
        {isError ? <p role="alert">Failed to load question details</p> : null}
        {question && closed ? <ClosedQuestion question={question} /> : null}
        {question && myPick && !closed ? (
          <div
            role="status"
            className="rounded-xl bg-brand-50 p-4 text-brand-800 dark:bg-brand-800/30 dark:text-brand-100"
          >
            <p className="font-semibold">Pick confirmed: {label(myPick.choice)}</p>
            <p className="text-sm">
              {formatCredits(myPick.creditsSpent)} at {myPick.multiplier}x · pays {formatCount(myPick.potentialPayout)}{" "}
              if right
            </p>
          </div>
        ) : null}
        {question && choosing ? (
          <>
            <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="Your answer">
              {(["yes", "no"] as const).map((c) => (
                <button
                  key={c}
                  ref={c === (choice ?? "yes") ? focusedChoice : undefined}
                  type="button"
                  role="radio"
                  aria-checked={choice === c}
                  onClick={() => setChoice(c)}
                  className={`${OPTION} ${choice === c ? "border-brand-700 bg-brand-50 text-brand-800 dark:bg-brand-800/30 dark:text-brand-100" : "border-slate-300 dark:border-slate-700"}`}
                >
                  {label(c)}
                </button>
              ))}
            </div>
            {free ? (
              <p className="text-sm font-semibold text-amber-700 dark:text-amber-400">FREE pick · multiplier 1x</p>
            ) : (
              <div>
                <p className="mb-1 text-sm font-medium" id="multiplier-label">
                  Multiplier
                </p>
                <div className="flex gap-2" role="radiogroup" aria-labelledby="multiplier-label">
                  {MULTIPLIERS.map((m) => (
                    <button
                      key={m}
                      type="button"
                      role="radio"
                      aria-checked={multiplier === m}
                      onClick={() => setMultiplier(m)}
                      className={`min-h-11 flex-1 rounded-lg border px-2 py-1.5 text-sm font-semibold md:min-h-0 ${multiplier === m ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 dark:border-slate-700"}`}
                    >
                      {m}x
                    </button>
                  ))}
                </div>
              </div>
            )}
            <dl className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800">
              <dt>Cost</dt>
              <dd className="text-right font-semibold" data-testid="pick-cost">
                {formatCredits(cost)}
              </dd>
              <dt>Potential payout</dt>
              <dd className="text-right font-semibold" data-testid="pick-payout">
                {formatCredits(potentialPayout(question.creditCost, multiplier))}
              </dd>
            </dl>
            {missing > 0 ? (
              <div
                role="alert"
                className="flex items-center justify-between gap-2 rounded-xl border border-amber-300 p-3 text-sm dark:border-amber-700"
              >
                <span>You need {formatPlural(missing, "more credit", "more credits")}</span>
                <Button variant="secondary" onClick={() => openModal("add-credits")}>
                  Add Credits
                </Button>
              </div>
            ) : null}
            <Button className="w-full" disabled={!canSubmit || isPending} onClick={confirm}>
              {isPending ? "Submitting..." : "Confirm Pick"}
            </Button>
          </>
        ) : null}
      </div>
    </Dialog>
  );
};
