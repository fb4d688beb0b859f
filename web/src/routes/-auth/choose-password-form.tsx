import type { MeUser } from "../../features/auth/auth-queries";
import { PasswordForm } from "../../features/auth/password-form";
import { client, unwrap } from "../../lib/api";

/**
 * The confirmation link of an address that was signed up for more than once: whoever opened it (the mailbox's owner)
 * chooses the password, so no password someone else picked at sign-up ever works.
 */
export const ChoosePasswordForm = ({
  token,
  reason,
  onSignedIn,
}: {
  token: string;
  reason: string;
  onSignedIn: (user: MeUser) => Promise<void>;
}) => {
  const confirm = async (password: string) => {
    const { user } = await unwrap(client.auth.confirm.$post({ json: { token, password } }));
    await onSignedIn(user);
  };
  return (
    <PasswordForm label="Password" submitLabel="Confirm and sign in" onSubmit={confirm} testId="choose-password">
      <h1 className="text-2xl font-bold">Choose your password</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">{reason}</p>
    </PasswordForm>
  );
};
