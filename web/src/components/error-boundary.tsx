import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportCaughtError } from "../lib/error-reports";
import { ErrorScreen } from "./error-screen";

type Props = { children: ReactNode; variant?: "page" | "inline" };
type State = { error: Error | null };

/** Catches render errors so one broken part (a modal, a page) never blanks the whole app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("render_error", error, info.componentStack);
    reportCaughtError(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.variant === "inline") {
      return (
        <p role="alert" className="py-6 text-center font-semibold">
          Something went wrong
        </p>
      );
    }
    return <ErrorScreen onRetry={() => this.setState({ error: null })} />;
  }
}
