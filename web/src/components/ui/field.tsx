import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

const INPUT_CLASS =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

/** A field's problem, said under it and read out as it appears; nothing while there is none. */
export const FieldError = ({ id, error }: { id?: string; error: string | null | undefined }) =>
  error ? (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
      {error}
    </p>
  ) : null;

type FieldShellProps = {
  label: string;
  error?: string | undefined;
  children: (id: string, describedBy?: string) => ReactNode;
};

const FieldShell = ({ label, error, children }: FieldShellProps) => {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children(id, error ? errorId : undefined)}
      <FieldError id={errorId} error={error} />
    </div>
  );
};

type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined };

export const InputField = ({ label, error, ...props }: InputFieldProps) => (
  <FieldShell label={label} error={error}>
    {(id, describedBy) => (
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={INPUT_CLASS}
        {...props}
      />
    )}
  </FieldShell>
);

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined };

export const TextAreaField = ({ label, error, ...props }: TextAreaFieldProps) => (
  <FieldShell label={label} error={error}>
    {(id, describedBy) => (
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={INPUT_CLASS}
        {...props}
      />
    )}
  </FieldShell>
);

type CheckboxFieldProps = {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Said under the box. */
  error?: string | undefined;
  /** A notice elsewhere on the form that is about this box (a form that says one thing at a time). */
  describedBy?: string | undefined;
  /** Red where ticking the box gives something up. */
  tone?: "brand" | "danger";
};

export const CheckboxField = ({ label, checked, onChange, error, describedBy, tone = "brand" }: CheckboxFieldProps) => {
  const errorId = `${useId()}-error`;
  const described = error ? errorId : describedBy;
  return (
    <div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className={`mt-0.5 h-4 w-4 ${tone === "danger" ? "accent-red-700" : "accent-brand-700"}`}
          checked={checked}
          aria-invalid={described ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{label}</span>
      </label>
      <FieldError id={errorId} error={error} />
    </div>
  );
};
