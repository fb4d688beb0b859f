import { createFileRoute, Link } from "@tanstack/react-router";
import * as z from "zod/mini";
import { textParam } from "../lib/search-params";
import { NewPasswordForm } from "./-password-reset/new-password-form";
import { RequestResetForm } from "./-password-reset/request-reset-form";

const PasswordReset = () => {
  const { token } = Route.useSearch();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-slate-200 p-6 shadow-sm dark:border-slate-800">
        <h1 className="mb-4 text-2xl font-bold">Reset your password</h1>
        {token ? <NewPasswordForm token={token} /> : <RequestResetForm />}
        <p className="mt-4 text-center text-sm">
          <Link
            to="/auth"
            search={{ mode: "login" }}
            className="font-semibold text-brand-700 underline dark:text-brand-500"
          >
            Back to sign in
          </Link>
        </p>
      </div>
    </div>
  );
};

export const Route = createFileRoute("/password-reset")({
  validateSearch: z.object({ token: textParam }),
  component: PasswordReset,
});
