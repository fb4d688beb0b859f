import { useNavigate } from "@tanstack/react-router";
import { toast } from "../../lib/toast";
import { PasswordForm } from "../../features/auth/password-form";
import { client, unwrap } from "../../lib/api";

export const NewPasswordForm = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const setPassword = async (password: string) => {
    await unwrap(client.auth["password-reset"].complete.$post({ json: { token, password } }));
    toast.success("Password updated. Please log in with your new password.");
    await navigate({ to: "/auth", search: { mode: "login" }, replace: true });
  };
  return <PasswordForm label="New password" submitLabel="Set new password" onSubmit={setPassword} />;
};
