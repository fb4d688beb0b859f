import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { OUTCOMES_BY_TYPE } from "#shared/sports";
import { Button } from "../../components/ui/button";
import { TextAreaField } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { formatCredits, formatDateTime, formatPlural } from "../../lib/format";
import { toast } from "../../lib/toast";
import { outcomeLabel, scoreText } from "../score-feed/result-text";
import { decideChallenge, type ChallengedQuestion, type Decision } from "./score-feed-api";

const SELECT =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950";

/** One challenged question: the feed's data, every challenge, and the admin's decision with a reason. */
export const ChallengeReview = ({ item }: { item: ChallengedQuestion }) => {
  const { question, link, challenges } = item;
  const proposed = link.proposedOutcome ?? "void";
  const [outcome, setOutcome] = useState<Decision["outcome"]>(proposed === "unresolved" ? "void" : proposed);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const label = (o: string) => outcomeLabel(o, question);
  const decide = useMutation({
    mutationFn: () => decideChallenge(question.id, { outcome, reason }),
    onSuccess: (result) => {
      toast.success(outcome === proposed ? "Proposed outcome confirmed" : "Outcome corrected", {
        description: `${formatPlural(result.picksUpdated, "pick")} settled, ${formatCredits(result.creditsAwarded)} awarded`,
      });
      void queryClient.invalidateQueries({ queryKey: ["admin"] });
      void queryClient.invalidateQueries({ queryKey: ["questions"] });
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : "Failed to save the decision"),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setError("Please give a reason");
    setError(null);
    decide.mutate();
  };

  return (
    <li className="space-y-3 p-4" data-testid="challenged-question">
      <div className="wrap-anywhere">
        <p className="font-semibold">{question.title}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {link.homeTeam} v {link.awayTeam} · {scoreText(link) ?? `Event ${link.eventStatus}`}
        </p>
        <p className="text-sm">
          Proposed: <span className="font-semibold">{label(proposed)}</span>
        </p>
      </div>
      <ul className="space-y-2" aria-label="Challenges">
        {challenges.map((challenge) => (
          <li key={challenge.id} className="rounded-lg bg-slate-100 p-3 text-sm wrap-anywhere dark:bg-slate-800">
            <p>{challenge.reason}</p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              <span className="font-semibold">{challenge.username}</span> ·{" "}
              <time dateTime={new Date(challenge.createdAt).toISOString()}>{formatDateTime(challenge.createdAt)}</time>
            </p>
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[12rem_1fr] sm:items-start">
        <label className="min-w-0 text-sm font-medium">
          Outcome
          <select
            className={SELECT}
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as Decision["outcome"])}
          >
            {OUTCOMES_BY_TYPE[question.questionType]
              .filter((o) => o !== "unresolved")
              .map((o) => (
                <option key={o} value={o}>
                  {label(o)}
                  {o === proposed ? " (proposed)" : ""}
                </option>
              ))}
          </select>
        </label>
        <TextAreaField
          label="Reason"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. Checked the league's match report"
          error={error ?? undefined}
        />
        <Button type="submit" className="sm:col-start-2 sm:justify-self-end" disabled={decide.isPending}>
          {decide.isPending
            ? "Saving..."
            : outcome === proposed
              ? "Confirm proposed outcome"
              : `Set outcome to ${label(outcome)}`}
        </Button>
      </form>
    </li>
  );
};
