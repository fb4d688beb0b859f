import type { ReactNode } from "react";
import type { RedemptionError } from "#shared/redemptions";
import type { Problem, ProblemField } from "./redemption-problems";

const REFUSED = "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200";
const STILL_TO_DO =
  "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100";

type Props = { id: string; problem: RedemptionError | null; refused: boolean };

/**
 * The one place a redemption form says what is wrong, one thing at a time: what still keeps it from being sent, or
 * why the server refused it (an alert, since the player just asked). The field at fault points here.
 */
export const ProblemNotice = ({ id, problem, refused }: Props) =>
  problem ? (
    <div
      id={id}
      role={refused ? "alert" : "status"}
      data-testid="redemption-problem"
      className={`rounded-lg border px-3 py-2 text-sm ${refused ? REFUSED : STILL_TO_DO}`}
    >
      <p className="font-semibold">{problem.title}</p>
      <p>{problem.message}</p>
    </div>
  ) : null;

/** A field's aria attributes: invalid, and described by the notice, while what the notice says is about it. */
export const fieldState = (problem: Problem | null, noticeId: string) => (field: ProblemField) =>
  problem?.field === field
    ? { "aria-invalid": true as const, "aria-describedby": noticeId }
    : { "aria-invalid": undefined, "aria-describedby": undefined };

/**
 * The notice and the submit button, kept in view at the bottom of a sheet taller than the screen, so the reason a
 * button is disabled shows wherever the player is in the form. It covers the sheet's bottom padding (dialog.tsx), so
 * nothing scrolls into view below it.
 */
export const SubmitFooter = ({ children }: { children: ReactNode }) => (
  <div className="sticky -bottom-[max(1.25rem,env(safe-area-inset-bottom))] z-10 -mx-5 -mb-[max(1.25rem,env(safe-area-inset-bottom))] flex flex-col gap-3 border-t border-slate-200 bg-white px-5 pt-3 pb-[max(1.25rem,env(safe-area-inset-bottom))] dark:border-slate-800 dark:bg-slate-900">
    {children}
  </div>
);
