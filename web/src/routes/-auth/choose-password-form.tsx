import { useState, type FormEvent } from "react";
import { passwordSchema } from "#shared/auth";
import { Button } from "../../components/ui/button";
import { InputField } from "../../components/ui/field";
import type { MeUser } from "../../features/auth/auth-queries";
import { ApiError, client, unwrap } from "../../lib/api";

/**
 * The confirmation link of an address that was signed up for more than once: whoever opened it (the mailbox's owner)
 * chooses the password, so no password someone else picked at sign-up ever works.
 */
export const ChoosePasswordForm = ({ token, reason, onSignedIn }: { token: string; reason: string; onSignedIn: (user: MeUser) => Promise<void> }) => {
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
      const { user } = await unwrap(client.auth.confirm.$post({ json: { token, password: parsed.data } }));
      await onSignedIn(user);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Please try again");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="choose-password">
      <h1 className="text-2xl font-bold">Choose your password</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">{reason}</p>
      <InputField label="Password" type="password" autoComplete="new-password" value={password} error={error} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" className="w-full" disabled={busy}>{busy ? "Saving..." : "Confirm and sign in"}</Button>
    </form>
  );
};
