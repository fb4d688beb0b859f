import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { Button } from "../../components/ui/button";
import { ApiError } from "../../lib/api";
import { adminPromoCodesQueryOptions, updatePromoCode, type AdminPromoCode } from "./admin-api";
import { PromoCodeEditDialog } from "./promo-code-edit-dialog";
import { promoCodeState, usesText, type PromoCodeState } from "./promo-code-values";

const day = (epochMs: number) =>
  new Date(epochMs).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

const BADGE: Record<PromoCodeState, string> = {
  Active: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  Inactive: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  Expired: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  "Used up": "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
};

const useSetActive = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => updatePromoCode(code, { active }),
    onSuccess: (_data, active) => toast.success(active ? `${code} activated` : `${code} deactivated`),
    onError: (error) =>
      toast.error("Operation failed", { description: error instanceof ApiError ? error.message : "Please try again" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminPromoCodesQueryOptions.queryKey }),
  });
};

/** One code in the admin table: its terms, how much it has been used, and the switches an admin needs. */
export const PromoCodeRow = ({ promoCode: p, now }: { promoCode: AdminPromoCode; now: number }) => {
  const setActive = useSetActive(p.code);
  const [editing, setEditing] = useState(false);
  const state = promoCodeState(p, now);
  return (
    <tr data-testid="admin-promo-code" className="border-t border-slate-200 dark:border-slate-800">
      <th scope="row" className="px-3 py-2 text-left font-mono font-semibold">
        {p.code}
      </th>
      <td className="px-3 py-2">{p.credits}</td>
      <td className="px-3 py-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[state]}`}>{state}</span>
      </td>
      <td className="px-3 py-2">{p.expiresAt === null ? "Never" : day(p.expiresAt)}</td>
      <td className="px-3 py-2">{usesText(p)}</td>
      <td className="px-3 py-2">{day(p.createdAt)}</td>
      <td className="px-3 py-2">
        <div className="flex justify-end gap-2">
          <Button variant="secondary" className="!px-2 !py-1" onClick={() => setEditing(true)}>
            Edit<span className="sr-only"> {p.code}</span>
          </Button>
          <Button
            variant={p.active ? "danger" : "secondary"}
            className="!px-2 !py-1"
            disabled={setActive.isPending}
            onClick={() => setActive.mutate(!p.active)}
          >
            {p.active ? "Deactivate" : "Activate"}
            <span className="sr-only"> {p.code}</span>
          </Button>
        </div>
        {editing ? <PromoCodeEditDialog promoCode={p} onClose={() => setEditing(false)} /> : null}
      </td>
    </tr>
  );
};
