import { useQuery } from "@tanstack/react-query";
import { BarChart } from "../../components/charts/bar-chart";
import { ChartFigure } from "../../components/charts/chart-figure";
import { dayLabel } from "../../components/charts/chart-math";
import { formatCount, formatCredits, formatPlural } from "../../lib/format";
import { adminDashboardQueryOptions, type AdminDashboard } from "./dashboard-queries";
import { formatLag } from "./format-lag";

const HEIGHT = 160;
/** The settlement cron runs every minute: a question waiting longer than a few of its runs is stuck. */
const STUCK_AFTER_MS = 10 * 60_000;

const PICKS = { fill: "fill-sky-600 dark:fill-sky-400", swatch: "bg-sky-600 dark:bg-sky-400" };
const BOUGHT = { fill: "fill-emerald-600 dark:fill-emerald-400", swatch: "bg-emerald-600 dark:bg-emerald-400" };
const REDEEMED = { fill: "fill-amber-500 dark:fill-amber-300", swatch: "bg-amber-500 dark:bg-amber-300" };

type Day = AdminDashboard["days"][number];

const Tile = ({ label, value, alert }: { label: string; value: string; alert?: boolean }) => (
  <div
    className={`rounded-xl p-3 ${alert ? "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100" : "bg-slate-100 dark:bg-slate-800"}`}
  >
    <dd className="text-xl font-bold tabular-nums sm:text-2xl">{value}</dd>
    <dt className="text-xs">{label}</dt>
  </div>
);

const sum = (days: readonly Day[], key: keyof Omit<Day, "day">) => days.reduce((total, day) => total + day[key], 0);

const PicksChart = ({ days }: { days: readonly Day[] }) => (
  <ChartFigure
    title="Picks per day"
    summary={`${formatCount(sum(days, "picks"))} picks over the last ${days.length} days, ${formatCount(days.at(-1)?.picks ?? 0)} today.`}
    table={{ head: ["Day (UTC)", "Picks"], rows: days.map((day) => [dayLabel(day.day), day.picks]) }}
    height={HEIGHT}
    testId="dashboard-picks"
  >
    {(width) => (
      <BarChart
        days={days.map((day) => day.day)}
        series={[{ name: "Picks", values: days.map((day) => day.picks), fill: PICKS.fill }]}
        width={width}
        height={HEIGHT}
      />
    )}
  </ChartFigure>
);

const MoneyChart = ({ days }: { days: readonly Day[] }) => (
  <ChartFigure
    title="Credits bought and redeemed per day"
    summary={`Over the last ${days.length} days: ${formatCredits(sum(days, "purchasedCredits"))} bought in ${formatCount(sum(days, "purchases"))} purchases, ${formatCredits(sum(days, "redeemedCredits"))} redeemed in ${formatCount(sum(days, "redemptions"))} redemptions.`}
    legend={[
      { label: "Bought", swatch: BOUGHT.swatch },
      { label: "Redeemed", swatch: REDEEMED.swatch },
    ]}
    table={{
      head: ["Day (UTC)", "Purchases", "Credits bought", "Redemptions", "Credits redeemed"],
      rows: days
        .filter((day) => day.purchases + day.redemptions > 0)
        .map((day) => [dayLabel(day.day), day.purchases, day.purchasedCredits, day.redemptions, day.redeemedCredits]),
    }}
    height={HEIGHT}
    testId="dashboard-money"
  >
    {(width) => (
      <BarChart
        days={days.map((day) => day.day)}
        series={[
          { name: "Bought", values: days.map((day) => day.purchasedCredits), fill: BOUGHT.fill },
          { name: "Redeemed", values: days.map((day) => day.redeemedCredits), fill: REDEEMED.fill },
        ]}
        width={width}
        height={HEIGHT}
      />
    )}
  </ChartFigure>
);

/** The admin panel's first tab: what happened in the last days, what the game owes, and what is waiting. */
export const DashboardPanel = () => {
  const { data, isError } = useQuery(adminDashboardQueryOptions);
  if (isError) return <p role="alert">Error loading data</p>;
  if (!data) return <p>Loading...</p>;
  const { settlement, challenges } = data;
  return (
    <section className="space-y-4" data-testid="dashboard-panel">
      <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        <Tile label="Redeemable credits outstanding" value={formatCount(data.redeemableCredits)} />
        <Tile
          label={`Settlement lag (${formatPlural(settlement.questions, "question")}, ${formatPlural(settlement.picks, "pick")})`}
          value={formatLag(settlement.lagMs)}
          alert={(settlement.lagMs ?? 0) > STUCK_AFTER_MS}
        />
        <Tile
          label={`Challenges waiting (${formatPlural(challenges.alerts, "feed alert")})`}
          value={formatCount(challenges.challenged)}
        />
        <Tile label="Pending redemptions" value={formatCount(data.pendingRedemptions)} />
      </dl>
      <div className="grid items-start gap-3 lg:grid-cols-2">
        <PicksChart days={data.days} />
        <MoneyChart days={data.days} />
      </div>
    </section>
  );
};
