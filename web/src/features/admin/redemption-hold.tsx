import { useMutation, useQueryClient } from "@tanstack/react-query";
import { HOLD_CAUSE_LABELS } from "#shared/redemption-holds";
import { Button } from "../../components/ui/button";
import { ApiError, client, unwrap, type Answer } from "../../lib/api";
import { toast } from "../../lib/toast";

/** Set by a refund or dispute of the player's purchase; a pending held redemption cannot be fulfilled. */
export type RedemptionHold = NonNullable<Answer<typeof client.admin.redemptions.$get>["items"][number]["hold"]>;

export const holdSummary = (hold: RedemptionHold, pending: boolean) =>
  `${pending ? "On hold" : "Was on hold"}: ${HOLD_CAUSE_LABELS[hold.cause]} · payment ${hold.paymentId} · ${new Date(hold.heldAt).toLocaleString()}`;

const useRelease = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.admin.redemptions[":id"].release.$post({ param: { id } })),
    onSuccess: () => toast.success("Hold released"),
    onError: (error) =>
      toast.error("Operation failed", { description: error instanceof ApiError ? error.message : "Please try again" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["admin", "redemptions"] }),
  });
};

/** The hold and its cause; while pending, the admin releases it here (or rejects the redemption, which refunds). */
export const RedemptionHoldNotice = ({ id, hold, pending }: { id: string; hold: RedemptionHold; pending: boolean }) => {
  const release = useRelease(id);
  return (
    <div
      data-testid="redemption-hold"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs dark:border-amber-800 dark:bg-amber-950/40"
    >
      <div className="min-w-0 wrap-anywhere">
        <p className="font-semibold text-amber-900 dark:text-amber-100">{holdSummary(hold, pending)}</p>
        {pending ? (
          <p>It cannot be fulfilled until you release the hold. Rejecting it refunds its credits as usual.</p>
        ) : null}
      </div>
      {pending ? (
        <Button variant="secondary" disabled={release.isPending} onClick={() => release.mutate()}>
          Release hold
        </Button>
      ) : null}
    </div>
  );
};
