import { createFileRoute, Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import * as z from "zod/mini";
import { toast } from "../lib/toast";
import { textParam } from "../lib/search-params";
import type { MeUser } from "../features/auth/auth-queries";
import { pendingReferralCode, rememberReferralCode } from "../features/auth/referral-storage";
import { ApiError, client, unwrap } from "../lib/api";
import { ChoosePasswordForm } from "./-auth/choose-password-form";
import { ConfirmationNeeded } from "./-auth/confirmation-needed";
import { LoginForm } from "./-auth/login-form";
import { SignupForm } from "./-auth/signup-form";
import { useSignedIn } from "./-auth/use-signed-in";

const searchSchema = z.object({
  mode: z.catch(z.enum(["login", "signup"]), "login"),
  redirect: textParam,
  ref: textParam,
  confirm: textParam,
});

/**
 * Follows the emailed confirmation link once, then signs the player in. Where the server asks for a password (the
 * address was signed up for more than once), answers why, and the page asks whoever opened the link to choose it.
 */
const useConfirmToken = (token: string | undefined, onSignedIn: (user: MeUser) => Promise<void>) => {
  const started = useRef(false);
  const [passwordReason, setPasswordReason] = useState<string | null>(null);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    unwrap(client.auth.confirm.$post({ json: { token } }))
      .then(async ({ user }) => {
        toast.success("Email confirmed. Welcome to Pickstreak!");
        await onSignedIn(user);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.details.field === "password") setPasswordReason(error.message);
        else toast.error(error instanceof ApiError ? error.message : "Please try again");
      });
  }, [token, onSignedIn]);
  return passwordReason;
};

const Auth = () => {
  const { mode, redirect, ref, confirm } = Route.useSearch();
  const navigate = Route.useNavigate();
  const [awaitingEmail, setAwaitingEmail] = useState<string | null>(null);
  const onSignedIn = useSignedIn(redirect);
  const passwordReason = useConfirmToken(confirm, onSignedIn);
  useEffect(() => rememberReferralCode(ref), [ref]);

  const switchMode = (next: "login" | "signup") => {
    setAwaitingEmail(null);
    void navigate({ search: (prev) => ({ ...prev, mode: next, confirm: undefined }), replace: true });
  };

  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-4 py-10">
      <Link to="/home" className="mb-6 text-center text-2xl font-black">
        Pick<span className="text-brand-700 dark:text-brand-500">streak</span>
      </Link>
      <div className="rounded-2xl border border-slate-200 p-6 shadow-sm dark:border-slate-800">
        {confirm && passwordReason ? (
          <ChoosePasswordForm token={confirm} reason={passwordReason} onSignedIn={onSignedIn} />
        ) : awaitingEmail ? (
          <ConfirmationNeeded email={awaitingEmail} onBack={() => switchMode("login")} />
        ) : (
          <>
            <h1 className="mb-4 text-2xl font-bold">{mode === "signup" ? "Create your account" : "Welcome back"}</h1>
            {mode === "signup" ? (
              <SignupForm referralCode={pendingReferralCode(ref)} onSignedUp={setAwaitingEmail} />
            ) : (
              <LoginForm onSignedIn={onSignedIn} onNeedsConfirmation={setAwaitingEmail} />
            )}
            <p className="mt-4 text-center text-sm">
              {mode === "signup" ? "Already have an account? " : "New to Pickstreak? "}
              <button
                type="button"
                onClick={() => switchMode(mode === "signup" ? "login" : "signup")}
                className="font-semibold text-brand-700 underline dark:text-brand-500"
              >
                {mode === "signup" ? "Log in" : "Sign Up"}
              </button>
            </p>
          </>
        )}
      </div>
    </div>
  );
};

export const Route = createFileRoute("/auth")({ validateSearch: searchSchema, component: Auth });
