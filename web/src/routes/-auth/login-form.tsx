import { Link } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { loginFormSchema } from "#shared/auth";
import { Button } from "../../components/ui/button";
import { InputField } from "../../components/ui/field";
import type { MeUser } from "../../features/auth/auth-queries";
import { ApiError, client, unwrap } from "../../lib/api";
import { fieldErrors } from "../../lib/form-errors";

type Props = { onSignedIn: (user: MeUser) => Promise<void>; onNeedsConfirmation: (email: string) => void };
type Field = "email" | "password";

export const LoginForm = ({ onSignedIn, onNeedsConfirmation }: Props) => {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginFormSchema.safeParse({ email, password });
    if (!parsed.success) return setErrors(fieldErrors<Field>(parsed.error));
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const { user } = await unwrap(client.auth.login.$post({ json: parsed.data }));
      await onSignedIn(user);
    } catch (error) {
      if (error instanceof ApiError && error.code === "email_not_confirmed")
        return onNeedsConfirmation(parsed.data.email);
      setFormError(error instanceof ApiError ? error.message : "Please try again");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <InputField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <InputField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {formError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {formError}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing in..." : "Log in"}
      </Button>
      <p className="text-center text-sm">
        <Link to="/password-reset" className="font-semibold text-brand-700 underline dark:text-brand-500">
          Forgot your password?
        </Link>
      </p>
    </form>
  );
};
