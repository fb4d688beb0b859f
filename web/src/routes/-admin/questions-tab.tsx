import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QUESTION_STATUSES } from "#shared/sports";
import { EmptyState } from "../../components/page";
import { Button } from "../../components/ui/button";
import { adminQuestionsQueryOptions, type AdminQuestion } from "../../features/admin/admin-api";
import { DeleteQuestionButton, OutcomeControl } from "../../features/admin/question-actions";
import { QuestionFormDialog } from "../../features/admin/question-form-dialog";
import { formatPlural } from "../../lib/format";
import { useDebounced } from "../-home/use-debounced";

const settlementState = (q: AdminQuestion) =>
  q.settlementVersion === 0
    ? "Not settled"
    : q.settledVersion === q.settlementVersion
      ? "Settled"
      : `Settling (${q.pendingSettlement} left)`;

export const QuestionsTab = () => {
  const [status, setStatus] = useState("");
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<AdminQuestion | "new" | null>(null);
  const q = useDebounced(search, 300);
  const list = useInfiniteQuery(adminQuestionsQueryOptions({ status, q }));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <input
          type="search"
          aria-label="Search questions"
          placeholder="Search questions"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="min-w-0 flex-1 basis-full rounded-lg border sm:basis-auto border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
        />
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          className="rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
        >
          <option value="">All statuses</option>
          {QUESTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <Button onClick={() => setEditing("new")}>New Question</Button>
      </div>
      {list.isError ? <p role="alert">Failed to load question</p> : null}
      {list.data && items.length === 0 ? <EmptyState title="No questions found" /> : null}
      <ul className="space-y-2">
        {items.map((question) => (
          <li
            key={question.id}
            data-testid="admin-question"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-800"
          >
            <div className="min-w-[12rem] flex-1 wrap-anywhere">
              <p className="font-semibold">{question.title}</p>
              <p className="text-xs text-slate-700 dark:text-slate-300">
                {question.status} · {question.category ?? "No sport"} · {formatPlural(question.pickCount, "pick")} ·{" "}
                {settlementState(question)}
              </p>
            </div>
            <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
              <OutcomeControl question={question} />
              <Button variant="secondary" className="!px-2 !py-1" onClick={() => setEditing(question)}>
                Edit
              </Button>
              <DeleteQuestionButton id={question.id} />
            </div>
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="secondary" className="mt-4" onClick={() => void list.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
      {editing ? (
        <QuestionFormDialog question={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
};
