import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { InputField, TextAreaField } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { formatCredits } from "../../lib/format";
import { toast } from "../../lib/toast";
import { adjustCredits } from "./players-api";

/**
 * Awards (a positive amount) or deducts (a negative one) with a reason. The adjustment id is made once per attempt, so
 * sending again after a lost answer moves nothing twice; a new one is made after each success.
 */
export const AdjustCreditsForm = ({ playerId }: { playerId: string }) => {
  const queryClient = useQueryClient();
  const [adjustmentId, setAdjustmentId] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await adjustCredits(playerId, {
        adjustmentId,
        amount: amount.trim() === "" ? "" : Number(amount),
        reason,
      });
      const { amount: moved } = result.transaction;
      toast.success(moved > 0 ? `Awarded ${formatCredits(moved)}` : `Deducted ${formatCredits(-moved)}`, {
        description: `New balance: ${formatCredits(result.credits.balance)}`,
      });
      setAdjustmentId(crypto.randomUUID());
      setAmount("");
      setReason("");
      void queryClient.invalidateQueries({ queryKey: ["admin"] });
    } catch (caught) {
      const field =
        caught instanceof ApiError && typeof caught.details.field === "string" ? caught.details.field : undefined;
      setError({
        ...(field ? { field } : {}),
        message: caught instanceof ApiError ? caught.message : "Failed to adjust credits",
      });
    } finally {
      setBusy(false);
    }
  };

  const general = error && error.field !== "amount" && error.field !== "reason" ? error.message : null;
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-800"
      aria-label="Adjust credits"
    >
      <h3 className="font-semibold">Adjust credits</h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        A positive amount awards bonus credits (not redeemable); a negative one deducts, never below zero.
      </p>
      <InputField
        label="Amount"
        inputMode="numeric"
        placeholder="e.g. 25 or -10"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={error?.field === "amount" ? error.message : undefined}
      />
      <TextAreaField
        label="Reason"
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error?.field === "reason" ? error.message : undefined}
      />
      {general ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {general}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Apply"}
      </Button>
    </form>
  );
};
