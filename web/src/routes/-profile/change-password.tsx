import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { PASSWORD_MESSAGE } from "#shared/auth";
import { Button } from "../../components/ui/button";
import { InputField } from "../../components/ui/field";
import { ApiError, client, unwrap } from "../../lib/api";
import { toast } from "../../lib/toast";

type Errors = { currentPassword?: string; newPassword?: string };

/** Changing the password signs out every other device; this one keeps a fresh session. */
export const ChangePassword = () => {
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const change = useMutation({
    mutationFn: () => unwrap(client.me.password.$post({ json: { currentPassword, newPassword } })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (newPassword.length < 6) {
      setErrors({ newPassword: PASSWORD_MESSAGE });
      return;
    }
    setErrors({});
    try {
      await change.mutateAsync();
      setCurrentPassword("");
      setNewPassword("");
      toast.success("Password changed", { description: "You were signed out on every other device." });
    } catch (error) {
      if (error instanceof ApiError && error.details.field === "currentPassword")
        setErrors({ currentPassword: error.message });
      else if (error instanceof ApiError && error.details.field === "newPassword")
        setErrors({ newPassword: error.message });
      else toast.error(error instanceof ApiError ? error.message : "Please try again");
    }
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="text-base font-semibold">
        Change password
      </h2>
      <InputField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        error={errors.currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
      />
      <InputField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        error={errors.newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
      />
      <Button type="submit" disabled={change.isPending || !currentPassword}>
        {change.isPending ? "Saving..." : "Change password"}
      </Button>
    </form>
  );
};
