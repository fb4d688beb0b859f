import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { useSignOut } from "../../features/auth/use-sign-out";
import { ApiError, client, unwrap } from "../../lib/api";

export const DeleteAccount = () => {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signOut = useSignOut();

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await unwrap(client.me.$delete());
      setOpen(false);
      await signOut({ accountDeleted: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Please try again");
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
        onOpenChange={setOpen}
        title="Delete your account?"
        description="This cannot be undone. Your remaining credits are forfeited."
        footer={
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" className="flex-1" onClick={confirm} disabled={busy}>
              {busy ? "Deleting..." : "Delete permanently"}
            </Button>
          </div>
        }
      >
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </Dialog>
    </section>
  );
};
