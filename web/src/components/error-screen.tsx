import { useEffect } from "react";
import { reportCaughtError } from "../lib/error-reports";
import { Button } from "./ui/button";

type ErrorScreenProps = { onRetry: () => void };

export const ErrorScreen = ({ onRetry }: ErrorScreenProps) => (
  <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-16 text-center">
    <h1 className="text-2xl font-bold">Something went wrong</h1>
    <p className="text-slate-600 dark:text-slate-400">
      We're sorry, but something unexpected happened. Please try again.
    </p>
    <div className="flex gap-3">
      <Button onClick={onRetry}>Try Again</Button>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        Reload Page
      </Button>
    </div>
  </div>
);

/** The error screen of an error React caught, which no global handler sees: reported once when it is shown. */
export const ReportedErrorScreen = ({ error, onRetry }: ErrorScreenProps & { error: unknown }) => {
  useEffect(() => reportCaughtError(error), [error]);
  return <ErrorScreen onRetry={onRetry} />;
};
