import { useState, type FormEvent } from "react";
import { challengeSchema, CHALLENGE_REASON_MAX } from "#shared/score-feed";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { TextAreaField } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useChallenge } from "./score-feed-queries";

type Props = { questionId: string; title: string; proposal: string; onClose: () => void };

/** A player's objection to a proposed result, with why; an admin reviews it before anything is paid. */
export const ChallengeDialog = ({ questionId, title, proposal, onClose }: Props) => {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const challenge = useChallenge();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = challengeSchema.safeParse({ questionId, reason });
    if (!input.success) return setError(input.error.issues[0]?.message ?? "Please say why");
    setError(null);
    challenge.mutate(input.data, {
      onSuccess: () => {
        toast.success("Challenge sent", {
          description: "An admin reviews the result before it is final.",
        });
        onClose();
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : "Failed to send the challenge"),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Challenge this result" description={title}>
      <form noValidate onSubmit={submit} className="space-y-3">
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-900/30 dark:text-amber-100">
          {proposal}. Nothing is paid while an admin reviews a challenge.
        </p>
        <TextAreaField
          label="What did the score feed get wrong?"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={CHALLENGE_REASON_MAX}
          rows={4}
          placeholder="e.g. The last goal was disallowed after a review"
          error={error ?? undefined}
        />
        <p className="text-right text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
          {reason.trim().length}/{CHALLENGE_REASON_MAX}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" className="flex-1" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" className="flex-1" disabled={challenge.isPending}>
            {challenge.isPending ? "Sending..." : "Send challenge"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
