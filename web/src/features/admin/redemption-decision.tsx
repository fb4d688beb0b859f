import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { CASH_OUT_METHOD_LABELS, formatUsd } from "#shared/redemptions";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { InputField } from "../../components/ui/field";
import { ApiError, client, unwrap, type Answer, type RequestOf } from "../../lib/api";
import { redemptionTitle, StatusBadge } from "../redemptions/my-redemptions";
import { RedemptionHoldNotice } from "./redemption-hold";
import { RiskSignals } from "./redemption-risk";
import { formatCredits } from "../../lib/format";

type AdminRedemptions = typeof client.admin.redemptions;

export type AdminRedemption = Answer<AdminRedemptions["$get"]>["items"][number];

const useDecide = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: RequestOf<AdminRedemptions[":id"]["$patch"]>["json"]) =>
      unwrap(client.admin.redemptions[":id"].$patch({ param: { id }, json })),
    onSuccess: (_data, { status }) =>
      toast.success(status === "fulfilled" ? "Redemption fulfilled" : "Redemption rejected and refunded"),
    onError: (error) =>
      toast.error("Operation failed", { description: error instanceof ApiError ? error.message : "Please try again" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["admin", "redemptions"] }),
  });
};

/** One redemption with what an admin needs to send it, and, while pending, fulfil (with a note) or reject. */
export const RedemptionDecision = ({ redemption: r }: { redemption: AdminRedemption }) => {
  const decide = useDecide(r.id);
  const [note, setNote] = useState("");
  const [confirming, setConfirming] = useState(false);
  const payout =
    r.kind === "cash_out"
      ? `${r.method ? CASH_OUT_METHOD_LABELS[r.method] : ""}${r.payoutHandle ? ` ${r.payoutHandle}` : ""}`
      : null;

  return (
    <li className="space-y-2 px-4 py-3 text-sm" data-testid="admin-redemption">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 wrap-anywhere">
          <p className="font-semibold">
            {redemptionTitle(r)} · {formatUsd(r.valueCents)} · {formatCredits(r.creditsSpent)}
          </p>
          <p className="text-slate-600 dark:text-slate-400">
            {r.user.username} ({r.user.email}) · send to {r.email}
            {payout ? ` · ${payout}` : ""} · {new Date(r.createdAt).toLocaleString()}
          </p>
          {r.note ? <p className="mt-1">{r.note}</p> : null}
        </div>
        <StatusBadge status={r.status} />
      </div>
      <RiskSignals risk={r.risk} />
      {r.hold ? <RedemptionHoldNotice id={r.id} hold={r.hold} pending={r.status === "pending"} /> : null}
      {r.fulfilBlockedReason ? (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs font-semibold text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="fulfil-blocked"
        >
          Waiting for another admin: {r.fulfilBlockedReason}
        </p>
      ) : null}
      {r.status === "pending" ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-56 flex-1">
            <InputField
              label="Note to the player (e.g. the card code)"
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <Button
            disabled={decide.isPending || r.hold !== null || r.fulfilBlockedReason !== null}
            onClick={() => decide.mutate({ status: "fulfilled", note: note.trim() || undefined })}
          >
            Mark fulfilled
          </Button>
          <Button variant="danger" disabled={decide.isPending} onClick={() => setConfirming(true)}>
            Reject
          </Button>
        </div>
      ) : null}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reject this redemption?"
        description={
          <span className="wrap-anywhere">
            {formatCredits(r.creditsSpent)} go back to {r.user.username}, who is emailed
            {note.trim() ? " with your note" : ""}.
          </span>
        }
        footer={
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={decide.isPending}
              onClick={() =>
                decide.mutate(
                  { status: "rejected", note: note.trim() || undefined },
                  { onSettled: () => setConfirming(false) },
                )
              }
            >
              Reject and refund
            </Button>
          </div>
        }
      >
        <p className="text-sm">This cannot be undone.</p>
      </Dialog>
    </li>
  );
};
