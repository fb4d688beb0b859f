import { useQuery } from "@tanstack/react-query";
import { BarChart } from "../../components/charts/bar-chart";
import { ChartFigure } from "../../components/charts/chart-figure";
import { dayLabel } from "../../components/charts/chart-math";
import { LineChart } from "../../components/charts/line-chart";
import { pickRecordQueryOptions, type PickRecord } from "../../features/picks/picks-queries";

const HEIGHT = 150;
const WON = { fill: "fill-emerald-600 dark:fill-emerald-400", swatch: "bg-emerald-600 dark:bg-emerald-400" };
const LOST = { fill: "fill-red-600 dark:fill-red-400", swatch: "bg-red-600 dark:bg-red-400" };

type Day = PickRecord["days"][number];

const totalOf = (days: readonly Day[], key: "won" | "lost" | "void") => days.reduce((sum, day) => sum + day[key], 0);

const Results = ({ days }: { days: readonly Day[] }) => {
  const [won, lost, voided] = [totalOf(days, "won"), totalOf(days, "lost"), totalOf(days, "void")];
  const settled = days.filter((day) => day.won + day.lost + day.void > 0);
  return (
    <ChartFigure
      title="Wins and losses"
      summary={`Over the last ${days.length} days: ${won} won, ${lost} lost, ${voided} void.`}
      legend={[
        { label: "Won", swatch: WON.swatch },
        { label: "Lost", swatch: LOST.swatch },
      ]}
      table={{
        head: ["Day", "Won", "Lost", "Void"],
        rows: settled.map((day) => [dayLabel(day.day), day.won, day.lost, day.void]),
      }}
      height={HEIGHT}
      testId="record-chart"
    >
      {(width) => (
        <BarChart
          days={days.map((day) => day.day)}
          series={[
            { name: "Won", values: days.map((day) => day.won), fill: WON.fill },
            { name: "Lost", values: days.map((day) => day.lost), fill: LOST.fill, down: true },
          ]}
          width={width}
          height={HEIGHT}
        />
      )}
    </ChartFigure>
  );
};

const Streak = ({ days }: { days: readonly Day[] }) => {
  const streaks = days.map((day) => day.streak);
  const changes = days.filter((day, index) => index === 0 || day.streak !== days[index - 1]?.streak);
  return (
    <ChartFigure
      title="Streak"
      summary={`Your streak over the last ${days.length} days: ${streaks[0] ?? 0} at the start, ${streaks.at(-1) ?? 0} now, highest ${Math.max(0, ...streaks)}.`}
      table={{ head: ["Day", "Streak"], rows: changes.map((day) => [dayLabel(day.day), day.streak]) }}
      height={HEIGHT}
      testId="streak-chart"
    >
      {(width) => <LineChart values={streaks} days={days.map((day) => day.day)} step width={width} height={HEIGHT} />}
    </ChartFigure>
  );
};

/** The player's record over the last days, drawn once something has settled in them. */
export const PickRecordCharts = () => {
  const { data } = useQuery(pickRecordQueryOptions);
  const days = data?.days ?? [];
  const settled = days.some((day) => day.won + day.lost + day.void > 0 || day.streak > 0);
  if (!settled) return null;
  return (
    <section aria-label="Your record" className="mb-4 grid items-start gap-3 md:grid-cols-2">
      <Results days={days} />
      <Streak days={days} />
    </section>
  );
};
