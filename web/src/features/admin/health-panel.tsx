import { useQuery } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { client, unwrap } from "../../lib/api";

const when = (epochMs: number | null) => (epochMs ? new Date(epochMs).toLocaleString() : "never");
const since = (epochMs: number | null) =>
  epochMs ? new Date(epochMs).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "none";

const Tile = ({ label, value, bad }: { label: string; value: string | number; bad?: boolean }) => (
  <div
    className={`rounded-xl p-3 ${bad ? "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100" : "bg-slate-100 dark:bg-slate-800"}`}
  >
    <p className="text-2xl font-bold">{value}</p>
    <p className="text-xs">{label}</p>
  </div>
);

export const HealthPanel = () => {
  const health = useQuery({
    queryKey: ["admin", "health"],
    queryFn: ({ signal }) => unwrap(client.admin.health.$get(undefined, { init: { signal } })),
    refetchInterval: 30_000,
  });
  if (health.isError) return <p role="alert">Error loading data</p>;
  if (!health.data) return <p>Loading...</p>;
  const { crons, settlementQueue, pendingRedemptions, ledgerAudit, emails, pushes, deadLetters, requests, alerts } =
    health.data;
  const errorPercent = requests.requests > 0 ? `${((100 * requests.errors) / requests.requests).toFixed(1)}%` : "—";
  const firing = new Set(alerts.map((alert) => alert.name));
  return (
    <section className="space-y-4" data-testid="health-panel">
      {alerts.length > 0 ? (
        <div
          role="alert"
          className="rounded-xl bg-red-100 p-3 text-sm text-red-900 dark:bg-red-900/40 dark:text-red-100"
        >
          <h2 className="font-semibold">Alerts</h2>
          <ul className="list-disc pl-5">
            {alerts.map((alert) => (
              <li key={alert.name} className="break-words">
                {alert.message}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm">No alerts: everything is within its limits.</p>
      )}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Tile label="Ledger audit violations" value={ledgerAudit.violations} bad={ledgerAudit.violations > 0} />
        <Tile label="Questions settling" value={settlementQueue.questions} />
        <Tile label="Picks waiting for settlement" value={settlementQueue.picks} />
        <Tile
          label="Settlement waiting since"
          value={since(settlementQueue.oldestWaitingSince)}
          bad={firing.has("settlement_lag")}
        />
        <Tile label="Pending redemptions" value={pendingRedemptions} />
        <Tile
          label={`Emails waiting (${emails.retrying} failed before)`}
          value={emails.waiting}
          bad={firing.has("email_backlog")}
        />
        <Tile
          label={`Push notices waiting (${pushes.retrying} failed before)`}
          value={pushes.waiting}
          bad={firing.has("push_backlog")}
        />
        <Tile
          label={`Errors in the last hour (${requests.errors} of ${requests.requests} requests)`}
          value={requests.source === "unavailable" ? "Unknown" : errorPercent}
          bad={firing.has("error_rate")}
        />
        <Tile
          label="Stripe webhook failures in the last hour"
          value={requests.webhookFailures}
          bad={firing.has("webhook_failures")}
        />
        {(["settlement", "referrals", "push", "email"] as const).map((queue) => (
          <Tile
            key={queue}
            label={`Dead letters: ${queue} queue`}
            value={deadLetters.find((row) => row.queue === queue)?.depth ?? 0}
            bad={firing.has(`dead_letters:${queue}`)}
          />
        ))}
      </div>
      <div>
        <div className="mb-2 flex items-center justify-between">
          <h2 className="font-semibold">Scheduled jobs</h2>
          <Button variant="secondary" onClick={() => void health.refetch()}>
            Refresh
          </Button>
        </div>
        {crons.length === 0 ? <p className="text-sm">No job has run yet.</p> : null}
        <ul className="space-y-2">
          {crons.map((cron) => (
            <li key={cron.job} className="rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-800">
              <p className="font-semibold">
                {cron.job} · {cron.lastOk ? "ok" : "FAILED"}
              </p>
              <p>
                Last run {when(cron.lastRunAt)} · last failure {when(cron.lastFailureAt)} · {cron.failuresLastDay}{" "}
                failures in 24 h
              </p>
              <p className="truncate font-mono text-xs text-slate-700 dark:text-slate-300" title={cron.detail}>
                {cron.detail}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
};
