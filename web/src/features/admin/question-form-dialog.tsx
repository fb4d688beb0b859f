import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "../../lib/toast";
import { PLAYER_PROPS_TAG, QUESTION_STATUSES, QUESTION_TYPES, SPORTS } from "#shared/sports";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { InputField } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { saveQuestion, type AdminQuestion, type QuestionFormValues } from "./admin-api";
import {
  changedFields,
  emptyForm,
  formFromQuestion,
  fromLocalInput,
  parseTags,
  toLocalInput,
  togglePlayerProps,
  validateForm,
  type FormProblem,
} from "./form-values";
import { ImageUpload } from "./image-upload";
import { feedLinkQueryOptions } from "./score-feed-api";
import { saveFeedDraft, ScoreFeedFields, type FeedDraft } from "./score-feed-fields";

type Props = { question: AdminQuestion | null; onClose: () => void };

const SELECT =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950";

export const QuestionFormDialog = ({ question, onClose }: Props) => {
  const queryClient = useQueryClient();
  const initial = question ? formFromQuestion(question) : emptyForm();
  const [values, setValues] = useState<QuestionFormValues>(initial);
  const [tagText, setTagText] = useState(initial.tags.filter((t) => t !== PLAYER_PROPS_TAG).join(", "));
  // The server's refusal of the last save; any edit clears it.
  const [error, setError] = useState<string | null>(null);
  // After the first save attempt the form's own rules are checked as the admin types, so a fixed field's message goes.
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  // Untouched (null) leaves the question's score feed link as it is.
  const [feedDraft, setFeedDraft] = useState<FeedDraft | null>(null);
  const linked =
    useQuery({ ...feedLinkQueryOptions(question?.id ?? ""), enabled: question !== null }).data?.link != null;
  const set = <K extends keyof QuestionFormValues>(key: K, value: QuestionFormValues[K]) => {
    setError(null);
    setValues((v) => ({ ...v, [key]: value }));
  };
  const problem = checked ? validateForm(values) : null;
  const problemAt = (field: FormProblem["field"]) => (problem?.field === field ? problem.message : undefined);
  const overUnder = values.questionType === "over_under";
  const isProp = values.tags.includes(PLAYER_PROPS_TAG);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tags = [...new Set([...parseTags(tagText), ...(isProp ? [PLAYER_PROPS_TAG] : [])])];
    const final = { ...values, tags, ...(overUnder ? { answerOptionA: "Over", answerOptionB: "Under" } : {}) };
    setChecked(true);
    if (validateForm(final)) {
      // Save sits at the bottom of a long sheet: the field to fix is brought into view and focused.
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    setError(null);
    let saved: string | null = null;
    try {
      saved = (await saveQuestion(question?.id ?? null, question ? changedFields(initial, final) : final)).question.id;
      if (feedDraft) await saveFeedDraft(saved, feedDraft, linked, overUnder);
      toast.success(question ? "Question updated" : "Question created");
      onClose();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : "Failed to update question";
      // A new question that saved is not created again by a second submit: it closes, saying what is left to do.
      if (saved && !question) {
        toast.error("Question created, but not linked to the score feed", { description: message });
        onClose();
      } else setError(message);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: ["admin"] });
      void queryClient.invalidateQueries({ queryKey: ["questions"] });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={question ? "Edit Question" : "New Question"}>
      <form noValidate onSubmit={submit} className="space-y-3">
        <InputField
          label="Title"
          value={values.title}
          error={problemAt("title")}
          onChange={(e) => set("title", e.target.value)}
        />
        <div className="grid grid-cols-2 gap-3">
          <label className="text-sm font-medium">
            Sport
            <select
              className={SELECT}
              value={values.sportCategory ?? ""}
              onChange={(e) => set("sportCategory", e.target.value || null)}
            >
              <option value="">None</option>
              {SPORTS.map((sport) => (
                <option key={sport} value={sport}>
                  {sport}
                </option>
              ))}
            </select>
          </label>
          <InputField
            label="Custom category"
            value={values.customCategory ?? ""}
            onChange={(e) => set("customCategory", e.target.value || null)}
          />
          <label className="text-sm font-medium">
            Status
            <select
              className={SELECT}
              value={values.status}
              onChange={(e) => set("status", e.target.value as QuestionFormValues["status"])}
            >
              {QUESTION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium">
            Question type
            <select
              className={SELECT}
              value={values.questionType}
              onChange={(e) => set("questionType", e.target.value as QuestionFormValues["questionType"])}
            >
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
        </div>
        {/* A date and time needs about 13rem to show whole; a cost needs a few digits. */}
        <div className="grid grid-cols-[5.5rem_1fr] gap-3">
          <InputField
            label="Credit cost"
            type="number"
            min={0}
            value={String(values.creditCost)}
            error={problemAt("creditCost")}
            onChange={(e) => set("creditCost", Number(e.target.value))}
          />
          <InputField
            label="Deadline"
            type="datetime-local"
            value={toLocalInput(values.deadline)}
            error={problemAt("deadline")}
            onChange={(e) => set("deadline", fromLocalInput(e.target.value) ?? 0)}
          />
        </div>
        {values.status === "scheduled" ? (
          <InputField
            label="Publish at"
            type="datetime-local"
            value={toLocalInput(values.publishAt)}
            onChange={(e) => set("publishAt", fromLocalInput(e.target.value))}
          />
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <InputField
            label="Option A"
            disabled={overUnder}
            value={overUnder ? "Over" : values.answerOptionA}
            onChange={(e) => set("answerOptionA", e.target.value)}
          />
          <InputField
            label="Option B"
            disabled={overUnder}
            value={overUnder ? "Under" : values.answerOptionB}
            onChange={(e) => set("answerOptionB", e.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={isProp}
            onChange={(e) => setValues((v) => togglePlayerProps(v, e.target.checked))}
          />{" "}
          Player prop
        </label>
        <InputField label="Tags (comma separated)" value={tagText} onChange={(e) => setTagText(e.target.value)} />
        <ImageUpload value={values.imageUrl} onChange={(url) => set("imageUrl", url)} />
        <ScoreFeedFields
          questionId={question?.id ?? null}
          overUnder={overUnder}
          draft={feedDraft}
          onChange={setFeedDraft}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving..." : "Save Question"}
        </Button>
      </form>
    </Dialog>
  );
};
