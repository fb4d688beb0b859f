import { useState, type FormEvent, type ReactNode } from "react";
import { passwordSchema } from "#shared/auth";
import { Button } from "../../components/ui/button";
import { InputField } from "../../components/ui/field";
import { ApiError } from "../../lib/api";

type Props = {
  label: string;
  submitLabel: string;
  /** Sends the checked password; a refusal's message shows under the field. */
  onSubmit: (password: string) => Promise<void>;
  /** What the form says above the field. */
  children?: ReactNode;
  testId?: string;
};

/** One new password, checked by the shared rules before it is sent: a reset's, or the one a confirmation link asks for. */
export const PasswordForm = ({ label, submitLabel, onSubmit, children, testId }: Props) => {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      await onSubmit(parsed.data);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Please try again");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid={testId}>
      {children}
      <InputField
        label={label}
        type="password"
        autoComplete="new-password"
        value={password}
        error={error}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Saving..." : submitLabel}
      </Button>
    </form>
  );
};
