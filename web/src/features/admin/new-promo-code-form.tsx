import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "../../lib/toast";
import { Button } from "../../components/ui/button";
import { InputField } from "../../components/ui/field";
import { adminPromoCodesQueryOptions, createPromoCode } from "./admin-api";
import { ActiveCheckbox, FormError, PromoCodeFields } from "./promo-code-fields";
import {
  emptyPromoCodeForm,
  promoCodeErrors,
  toCreateInput,
  type PromoCodeErrors,
  type PromoCodeForm,
} from "./promo-code-values";
import { formatCredits } from "../../lib/format";

/** A new code. The server owns the rules, so its refusals (validation, an existing code) show beside the field. */
export const NewPromoCodeForm = () => {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(emptyPromoCodeForm);
  const [errors, setErrors] = useState<PromoCodeErrors>({});
  const set = <K extends keyof PromoCodeForm>(key: K, value: PromoCodeForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const create = useMutation({
    mutationFn: createPromoCode,
    onSuccess: (promoCode) => {
      toast.success("Promo code created", { description: `${promoCode.code} · ${formatCredits(promoCode.credits)}` });
      setForm(emptyPromoCodeForm());
      void queryClient.invalidateQueries({ queryKey: adminPromoCodesQueryOptions.queryKey });
    },
    onError: (error) => setErrors(promoCodeErrors(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    create.mutate(toCreateInput(form));
  };

  return (
    <form
      noValidate
      aria-label="New promo code"
      onSubmit={submit}
      className="grid gap-3 rounded-2xl border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-800"
    >
      <InputField
        label="Code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={form.code}
        error={errors.code}
        onChange={(e) => set("code", e.target.value.toUpperCase())}
      />
      <PromoCodeFields form={form} errors={errors} onChange={set} />
      <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2 lg:col-span-4">
        <ActiveCheckbox checked={form.active} onChange={(active) => set("active", active)} />
        <FormError message={errors.form ?? errors.active} />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create code"}
        </Button>
      </div>
    </form>
  );
};
