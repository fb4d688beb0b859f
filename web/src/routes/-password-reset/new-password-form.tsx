import { useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { toast } from "../../lib/toast";
import { passwordSchema } from "#shared/auth";
import { Button } from "../../components/ui/button";
import { InputField } from "../../components/ui/field";
import { ApiError, client, unwrap } from "../../lib/api";

export const NewPasswordForm = ({ token }: { token: string }) => {
  const navigate = useNavigate();
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
      await unwrap(client.auth["password-reset"].complete.$post({ json: { token, password: parsed.data } }));
      toast.success("Password updated. Please log in with your new password.");
      await navigate({ to: "/auth", search: { mode: "login" }, replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Please try again");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <InputField label="New password" type="password" autoComplete="new-password" value={password} error={error} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" className="w-full" disabled={busy}>{busy ? "Saving..." : "Set new password"}</Button>
    </form>
  );
};
