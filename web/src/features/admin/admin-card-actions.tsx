import { useState } from "react";
import { toast } from "../../lib/toast";
import { ApiError } from "../../lib/api";
import { fetchAdminQuestion, type AdminQuestion } from "./admin-api";
import { DeleteQuestionButton } from "./question-actions";
import { QuestionFormDialog } from "./question-form-dialog";

/** Edit and delete on a feed card, for admins only (the server checks the role again). */
export const AdminCardActions = ({ questionId }: { questionId: string }) => {
  const [editing, setEditing] = useState<AdminQuestion | null>(null);
  const edit = async () => {
    try {
      setEditing(await fetchAdminQuestion(questionId));
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 404 ? "Question not found" : "Failed to load question");
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void edit()}
        className="h-11 rounded-lg px-2 text-xs font-semibold underline"
      >
        Edit
      </button>
      <DeleteQuestionButton id={questionId} />
      {editing ? <QuestionFormDialog question={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
};
