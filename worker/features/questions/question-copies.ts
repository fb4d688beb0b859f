import type { DataContext } from "../../db/data-context";
import { rowCopySql } from "../../db/row-copy";
import { EDITABLE_COLUMNS } from "./question-columns";

/**
 * What a player database needs of a question to check a pick and settle it in its own batch. The counters
 * (pick_count and the crowd's split) and settled_version are its own and are never overwritten; created_by names an
 * admin who lives in another database, so the copy leaves it empty.
 */
const COPIED_COLUMNS = [
  ...EDITABLE_COLUMNS,
  "outcome",
  "settlement_version",
  "created_at",
  "updated_at",
  "outcome_changed_from",
  "outcome_reason",
] as const;

const COPY = rowCopySql("questions", ["id", ...COPIED_COLUMNS]);
const REMOVE_GONE =
  "DELETE FROM questions WHERE id IN (SELECT value FROM json_each(?1)) AND id NOT IN (SELECT value ->> 'id' FROM json_each(?2))";

/**
 * Copies the catalogue's rows of these questions to every database keeping a copy, and removes from them those the
 * catalogue no longer has, before the caller answers: a copy never holds a question state newer than the catalogue's,
 * and an admin's change is in force everywhere once the admin sees it saved.
 */
export const copyQuestions = async (data: DataContext, questionIds: readonly string[]) => {
  const copies = data.questionCopies();
  if (copies.length === 0 || questionIds.length === 0) return;
  const ids = JSON.stringify(questionIds);
  const { results } = await data.catalogue.prepare(COPY.read).bind(ids).all<Record<string, unknown>>();
  const rows = JSON.stringify(results);
  await Promise.all(
    copies.map((db) => db.batch([db.prepare(COPY.upsert).bind(rows), db.prepare(REMOVE_GONE).bind(ids, rows)])),
  );
};
