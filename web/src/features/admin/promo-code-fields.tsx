import { InputField } from "../../components/ui/field";
import type { PromoCodeErrors, PromoCodeForm } from "./promo-code-values";

type Props = {
  form: PromoCodeForm;
  errors: PromoCodeErrors;
  onChange: <K extends keyof PromoCodeForm>(key: K, value: PromoCodeForm[K]) => void;
};

/** The fields a code keeps after it exists, shared by the create form and the edit dialog. */
export const PromoCodeFields = ({ form, errors, onChange }: Props) => (
  <>
    <InputField
      label="Credits"
      inputMode="numeric"
      autoComplete="off"
      value={form.credits}
      error={errors.credits}
      onChange={(e) => onChange("credits", e.target.value)}
    />
    <InputField
      label="Expires on (optional)"
      type="date"
      value={form.expiry}
      error={errors.expiry}
      onChange={(e) => onChange("expiry", e.target.value)}
    />
    <InputField
      label="Max redemptions (optional)"
      inputMode="numeric"
      autoComplete="off"
      placeholder="No limit"
      value={form.maxRedemptions}
      error={errors.maxRedemptions}
      onChange={(e) => onChange("maxRedemptions", e.target.value)}
    />
  </>
);

export const ActiveCheckbox = ({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) => (
  <label className="flex items-center gap-2 text-sm font-medium">
    <input
      type="checkbox"
      className="h-4 w-4 accent-brand-700"
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
    />
    Active
  </label>
);

export const FormError = ({ message }: { message: string | undefined }) =>
  message ? (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  ) : null;
