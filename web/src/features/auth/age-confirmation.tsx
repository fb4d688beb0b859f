import { useId } from "react";

type Props = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Said under the box (sign-up). */
  error?: string | undefined;
  /** The form's own problem notice, when the box is what it is about (redemptions, which say one thing at a time). */
  problemId?: string | undefined;
};

/** The 18+ box the terms call for: at sign-up and again at each redemption. */
export const AgeConfirmation = ({ checked, onChange, error, problemId }: Props) => {
  const errorId = `${useId()}-error`;
  const describedBy = error ? errorId : problemId;
  return (
    <div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-700"
          checked={checked}
          aria-invalid={describedBy ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>I confirm I am 18 or older</span>
      </label>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
};
