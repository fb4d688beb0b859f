import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link } from "@tanstack/react-router";
import { redemptionLabel } from "#shared/redemptions";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { InputField } from "../../components/ui/field";
import { useSignOut } from "../../features/auth/use-sign-out";
import { myRedemptionsQueryOptions } from "../../features/redemptions/redemption-queries";
import { ApiError, client, unwrap } from "../../lib/api";
import { CancelPendingRedemptions, type PendingRedemption } from "./cancel-pending-redemptions";

type Errors = { password?: string; cancel?: string; form?: string };

const CONSENT_NEEDED = "Tick the box to cancel your pending redemptions, or wait until they are sent.";

/** The server's list of what is still pending, when it refused for that reason. */
const pendingOf = (error: ApiError): PendingRedemption[] | null =>
  Array.isArray(error.details.pendingRedemptions) ? (error.details.pendingRedemptions as PendingRedemption[]) : null;

export const DeleteAccount = () => {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState("");
  const [consent, setConsent] = useState(false);
  const [refused, setRefused] = useState<PendingRedemption[] | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const signOut = useSignOut();
  const { data: mine } = useQuery({ ...myRedemptionsQueryOptions, enabled: open });
  const pending =
    refused ??
    (mine?.items ?? [])
      .filter((redemption) => redemption.status === "pending")
      .map((redemption) => ({
        id: redemption.id,
        label: redemptionLabel(redemption),
        credits: redemption.creditsSpent,
      }));

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) return;
    setPassword("");
    setConsent(false);
    setRefused(null);
    setErrors({});
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (pending.length > 0 && !consent) return setErrors({ cancel: CONSENT_NEEDED });
    if (!password) return setErrors({ password: "Please enter your password to delete your account" });
    setBusy(true);
    setErrors({});
    try {
      const cancelRedemptions = consent ? pending.map(({ id }) => id) : [];
      await unwrap(client.me.$delete({ json: { password, cancelRedemptions } }));
      setOpen(false);
      await signOut({ accountDeleted: true });
    } catch (failure) {
      if (!(failure instanceof ApiError)) return setErrors({ form: "Please try again" });
      const stillPending = pendingOf(failure);
      if (stillPending) {
        // Another redemption arrived since the sheet opened: the player agrees to cancel the list they now see.
        setRefused(stillPending);
        setConsent(false);
        setErrors({ cancel: failure.message });
      } else if (failure.details.field === "password") setErrors({ password: failure.message });
      else setErrors({ form: failure.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="rounded-2xl border border-red-200 p-4 dark:border-red-900">
      <h2 className="font-semibold">Delete account</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Erases your email, username and sign-in. Read{" "}
        <Link to="/data-deletion" className="underline">
          what is kept
        </Link>
        .
      </p>
      <Button variant="danger" className="mt-3" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Dialog
        open={open}
        onOpenChange={openChange}
        title="Delete your account?"
        description="This cannot be undone. Your remaining credits are forfeited."
      >
        <form noValidate onSubmit={confirm} className="space-y-4">
          {pending.length > 0 ? (
            <CancelPendingRedemptions
              pending={pending}
              consent={consent}
              onConsent={setConsent}
              error={errors.cancel}
            />
          ) : null}
          <InputField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {errors.form ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errors.form}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={() => openChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" className="flex-1" disabled={busy}>
              {busy ? "Deleting..." : "Delete permanently"}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
};
