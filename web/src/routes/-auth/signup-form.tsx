import { useState, type FormEvent } from "react";
import { signupFormSchema } from "#shared/auth";
import { Button } from "../../components/ui/button";
import { InputField } from "../../components/ui/field";
import { AgeConfirmation } from "../../features/auth/age-confirmation";
import { CountrySelect } from "../../features/auth/country-select";
import { ApiError, client, unwrap } from "../../lib/api";
import { fieldErrors } from "../../lib/form-errors";

type Props = { referralCode: string | undefined; onSignedUp: (email: string) => void };
type Field = "email" | "password" | "country" | "username" | "ageConfirmed";

export const SignupForm = ({ referralCode, onSignedUp }: Props) => {
  const [values, setValues] = useState({ email: "", password: "", country: "", username: "" });
  const [adult, setAdult] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signupFormSchema.safeParse({ ...values, ageConfirmed: adult });
    if (!parsed.success) return setErrors(fieldErrors<Field>(parsed.error));
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await unwrap(
        client.auth.signup.$post({
          json: { ...parsed.data, username: values.username.trim() || undefined, ref: referralCode },
        }),
      );
      onSignedUp(parsed.data.email);
    } catch (error) {
      if (error instanceof ApiError && error.details.field === "username") setErrors({ username: error.message });
      else setFormError(error instanceof ApiError ? error.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {referralCode ? (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800 dark:bg-brand-800/30 dark:text-brand-100">
          You were invited! Sign up and start with 10 free credits.
        </p>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">Sign up and start with 5 free credits.</p>
      )}
      <InputField
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(e) => set("email")(e.target.value)}
      />
      <InputField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={(e) => set("password")(e.target.value)}
      />
      <CountrySelect value={values.country} onChange={set("country")} error={errors.country} />
      <InputField
        label="Username (optional)"
        autoComplete="username"
        value={values.username}
        error={errors.username}
        onChange={(e) => set("username")(e.target.value)}
        placeholder="Leave blank for a random name"
      />
      <AgeConfirmation checked={adult} onChange={setAdult} error={errors.ageConfirmed} />
      {formError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {formError}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating account..." : "Sign Up"}
      </Button>
    </form>
  );
};
