import { useQuery } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { client, unwrap } from "../../lib/api";

const when = (epochMs: number | null) => (epochMs ? new Date(epochMs).toLocaleString() : "never");

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
  const { crons, settlementQueue, pendingRedemptions, ledgerAudit } = health.data;
  return (
    <section className="space-y-4" data-testid="health-panel">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Tile label="Ledger audit violations" value={ledgerAudit.violations} bad={ledgerAudit.violations > 0} />
        <Tile label="Questions settling" value={settlementQueue.questions} />
        <Tile label="Picks waiting for settlement" value={settlementQueue.picks} />
        <Tile label="Pending redemptions" value={pendingRedemptions} />
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
