import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "../../lib/toast";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { InputField } from "../../components/ui/field";
import { ApiError, client, unwrap, type Answer } from "../../lib/api";
import { useAuth } from "../auth/auth-queries";
import { promoErrorMessage, PROMO_TEXT } from "./promo-messages";
import { formatCredits } from "../../lib/format";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };
type Redeemed = Answer<(typeof client)["promo-codes"]["redeem"]["$post"]>;

/** Redeem Promo Code: entering, submitting, then 'Success!' with the code and the credits it gave. */
export const PromoCodeDialog = ({ open, onOpenChange }: Props) => {
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [redeemed, setRedeemed] = useState<Redeemed | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim().toUpperCase();
    if (busy) return;
    if (!trimmed) return setError(PROMO_TEXT.empty);
    if (!me) return setError(PROMO_TEXT.signIn);
    setBusy(true);
    setError(null);
    try {
      const result = await unwrap(client["promo-codes"].redeem.$post({ json: { code: trimmed }, header: {} }));
      setRedeemed(result);
      window.dispatchEvent(new CustomEvent("creditsUpdated", { detail: { creditsAwarded: result.creditsAwarded } }));
      void queryClient.invalidateQueries({ queryKey: ["me"] });
    } catch (failure) {
      setError(promoErrorMessage(failure instanceof ApiError ? failure : null));
    } finally {
      setBusy(false);
    }
  };

  const finish = () => {
    if (redeemed)
      toast.success("Promo Code Redeemed", {
        description: `${formatCredits(redeemed.creditsAwarded)} have been added to your account.`,
      });
    onOpenChange(false);
  };

  if (redeemed) {
    return (
      <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(next) : finish())} title="Success!">
        <div className="space-y-4 text-center" data-testid="promo-success">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Promo code{" "}
            <span className="font-mono font-semibold text-slate-900 dark:text-slate-100">{redeemed.code}</span> redeemed
          </p>
          <p className="text-2xl font-bold text-brand-700 dark:text-brand-500">
            +{formatCredits(redeemed.creditsAwarded)}
          </p>
          <Button className="w-full" onClick={finish}>
            Continue
          </Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Redeem Promo Code"
      description="Enter a promo code to get free credits."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <InputField
          label="Promo Code"
          placeholder="Enter promo code"
          autoComplete="off"
          autoCapitalize="characters"
          value={code}
          error={error ?? undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" className="w-full" disabled={!code.trim() || busy}>
          {busy ? "Redeeming..." : "Redeem"}
        </Button>
      </form>
    </Dialog>
  );
};
