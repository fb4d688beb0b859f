import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { formatDateTime } from "../../lib/format";
import { toast } from "../../lib/toast";
import { outcomeLabel, scoreText } from "../score-feed/result-text";
import { dismissFeedAlert, type FeedAlert } from "./score-feed-api";

type Recorded = {
  eventStatus: "scheduled" | "live" | "final" | "postponed" | "cancelled";
  homeScore: number | null;
  awayScore: number | null;
  outcome: string | null;
};

/** The recorded feed data and the outcome it gives, as "Final score 4–2 → Rangers". */
const describe = (data: unknown, alert: FeedAlert) => {
  const recorded = data as Recorded;
  return `${scoreText(recorded) ?? recorded.eventStatus}${recorded.outcome ? ` → ${outcomeLabel(recorded.outcome, alert)}` : ""}`;
};

/** The feed changed its data after a result was challenged or final: shown until dismissed, never paid out. */
export const FeedAlertRow = ({ alert }: { alert: FeedAlert }) => {
  const queryClient = useQueryClient();
  const dismiss = useMutation({
    mutationFn: () => dismissFeedAlert(alert.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["admin", "score-feed", "challenges"] }),
    onError: () => toast.error("Failed to dismiss the alert"),
  });
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4 text-sm" data-testid="feed-alert">
      <div className="min-w-0 space-y-1 wrap-anywhere">
        <p className="font-semibold">{alert.questionTitle}</p>
        <p className="text-slate-700 dark:text-slate-300">
          {alert.homeTeam} v {alert.awayTeam} · the outcome stands at{" "}
          <span className="font-semibold">{outcomeLabel(alert.questionOutcome, alert)}</span>
        </p>
        <p>
          Was: <span className="font-semibold">{describe(alert.before, alert)}</span>
        </p>
        <p>
          Now: <span className="font-semibold">{describe(alert.after, alert)}</span>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={new Date(alert.createdAt).toISOString()}>{formatDateTime(alert.createdAt)}</time>
        </p>
      </div>
      <Button variant="secondary" disabled={dismiss.isPending} onClick={() => dismiss.mutate()}>
        Dismiss
      </Button>
    </li>
  );
};
