import { useState, type FormEvent } from "react";
import { emailSchema } from "#shared/auth";
import { Button } from "../../components/ui/button";
import { InputField } from "../../components/ui/field";
import { ApiError, client, unwrap } from "../../lib/api";

export const RequestResetForm = () => {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      await unwrap(client.auth["password-reset"].$post({ json: { email: parsed.data } }));
      setSentTo(parsed.data);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Please try again");
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <p role="status" className="text-slate-700 dark:text-slate-300">
        If an account exists for <strong>{sentTo}</strong>, we sent it a link to reset the password. The link works for
        60 minutes.
      </p>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Enter your email and we will send you a link to choose a new password.
      </p>
      <InputField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Sending..." : "Send reset link"}
      </Button>
    </form>
  );
};
