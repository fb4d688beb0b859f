import { useState } from "react";
import { toast } from "../../lib/toast";
import { Button } from "../../components/ui/button";
import { ApiError, client, unwrap } from "../../lib/api";

/** Shown after sign-up, and when someone signs in before confirming. */
export const ConfirmationNeeded = ({ email, onBack }: { email: string; onBack: () => void }) => {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await unwrap(client.auth["resend-confirmation"].$post({ json: { email } }));
      toast.success("Confirmation email sent", { description: `Check ${email} for the link.` });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Please try again");
    } finally {
      setSending(false);
    }
  };
  return (
    <div role="status" className="space-y-4 text-center">
      <h2 className="text-xl font-bold">Check your email</h2>
      <p className="text-slate-700 dark:text-slate-300">
        We sent a confirmation link to <strong>{email}</strong>. Open it to activate your account, then sign in.
      </p>
      <Button variant="secondary" className="w-full" onClick={resend} disabled={sending}>
        {sending ? "Sending..." : "Resend confirmation email"}
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="text-sm font-semibold text-brand-700 underline dark:text-brand-500"
      >
        Back to sign in
      </button>
    </div>
  );
};
