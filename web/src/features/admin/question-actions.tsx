import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { OUTCOMES_BY_TYPE } from "#shared/sports";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { TextAreaField } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { deleteQuestion, setOutcome, type AdminQuestion, type Outcome } from "./admin-api";
import { formatCredits, formatPlural } from "../../lib/format";

const OUTCOME_LABEL: Record<string, string> = {
  unresolved: "Unresolved",
  A: "A",
  B: "B",
  over: "Over",
  under: "Under",
  void: "Void",
};

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ["admin"] });
    void queryClient.invalidateQueries({ queryKey: ["questions"] });
  };
};

/** Sets an outcome after a confirmation; the server settles and reports what it paid. */
export const OutcomeControl = ({
  question,
}: {
  question: Pick<AdminQuestion, "id" | "questionType" | "outcome" | "answerOptionA" | "answerOptionB">;
}) => {
  const [pending, setPending] = useState<Outcome | null>(null);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  // A first result needs no explanation; changing one players were already paid on does (the audit log keeps it).
  const changing = question.outcome !== "unresolved";
  const refresh = useRefresh();
  const label = (o: string) =>
    o === "A" ? `A (${question.answerOptionA})` : o === "B" ? `B (${question.answerOptionB})` : (OUTCOME_LABEL[o] ?? o);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const result = await setOutcome(question.id, pending, changing ? reason.trim() : undefined);
      toast.success("Outcome saved", {
        description: `${formatPlural(result.picksUpdated, "pick")} updated, ${formatCredits(result.creditsAwarded)} awarded`,
      });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Failed to update question");
    } finally {
      setBusy(false);
      setPending(null);
      setReason("");
      refresh();
    }
  };

  return (
    <>
      <label className="min-w-0 max-w-full text-sm">
        <span className="sr-only">Outcome</span>
        {/* max-w-full: an answer label may be a long word, and the closed select is as wide as its longest option. */}
        <select
          aria-label="Outcome"
          value={question.outcome}
          onChange={(e) => setPending(e.target.value as Outcome)}
          className="max-w-full rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm sm:max-w-64 dark:border-slate-700 dark:bg-slate-950"
        >
          {OUTCOMES_BY_TYPE[question.questionType].map((o) => (
            <option key={o} value={o}>
              {label(o)}
            </option>
          ))}
        </select>
      </label>
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Set outcome?"
        description={
          pending ? (
            <span className="wrap-anywhere">
              Mark this question {label(pending)}. Picks are paid or refunded at once.
            </span>
          ) : undefined
        }
        footer={
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button className="flex-1" disabled={busy || (changing && !reason.trim())} onClick={confirm}>
              {busy ? "Saving..." : "Confirm"}
            </Button>
          </div>
        }
      >
        {changing ? (
          <TextAreaField
            label="Reason for the change"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            rows={3}
            required
            placeholder="e.g. The league corrected the final score"
          />
        ) : null}
      </Dialog>
    </>
  );
};

export const DeleteQuestionButton = ({ id }: { id: string }) => {
  const [open, setOpen] = useState(false);
  const refresh = useRefresh();
  const confirm = async () => {
    try {
      const { message } = await deleteQuestion(id);
      toast.success(message);
    } catch {
      toast.error("Failed to delete question completely");
    } finally {
      setOpen(false);
      refresh();
    }
  };
  return (
    <>
      <Button variant="danger" className="!px-2 !py-1" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this question?"
        description="Its picks are refunded and its bookmarks and activity removed. This cannot be undone."
        footer={
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" className="flex-1" onClick={confirm}>
              Delete
            </Button>
          </div>
        }
      >
        {null}
      </Dialog>
    </>
  );
};
