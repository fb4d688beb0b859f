import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "../../lib/toast";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { adminPromoCodesQueryOptions, updatePromoCode, type AdminPromoCode } from "./admin-api";
import { FormError, PromoCodeFields } from "./promo-code-fields";
import {
  formFromPromoCode,
  promoCodeErrors,
  toPatch,
  type PromoCodeErrors,
  type PromoCodeForm,
} from "./promo-code-values";

type Props = { promoCode: AdminPromoCode; onClose: () => void };

/** Credits, expiry and cap of an existing code; the code itself never changes (redemptions refer to it). */
export const PromoCodeEditDialog = ({ promoCode, onClose }: Props) => {
  const queryClient = useQueryClient();
  const [initial] = useState(() => formFromPromoCode(promoCode));
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<PromoCodeErrors>({});
  const set = <K extends keyof PromoCodeForm>(key: K, value: PromoCodeForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const save = useMutation({
    mutationFn: () => updatePromoCode(promoCode.code, toPatch(initial, form)),
    onSuccess: () => {
      toast.success("Promo code updated");
      void queryClient.invalidateQueries({ queryKey: adminPromoCodesQueryOptions.queryKey });
      onClose();
    },
    onError: (error) => setErrors(promoCodeErrors(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (Object.keys(toPatch(initial, form)).length === 0) return onClose();
    save.mutate();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Edit ${promoCode.code}`}>
      <form noValidate onSubmit={submit} className="space-y-3">
        <PromoCodeFields form={form} errors={errors} onChange={set} />
        <FormError message={errors.form ?? errors.active} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
