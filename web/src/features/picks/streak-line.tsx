import { ChartFigure } from "../../components/charts/chart-figure";
import { LineChart } from "../../components/charts/line-chart";
import { formatPlural } from "../../lib/format";
import type { StreakEvent } from "./picks-queries";

const HEIGHT = 120;

/** A change that replaced an earlier result (an outcome corrected or undone), not a pick's first settlement. */
const isCorrection = (event: StreakEvent) => event.previousResult !== "active";

/**
 * The streak across the changes loaded (newest first from the server, drawn oldest left), each correction marked; the
 * timeline beneath lists every change, so the picture's text alternative is a summary.
 */
export const StreakLine = ({ events }: { events: readonly StreakEvent[] }) => {
  const ordered = [...events].reverse();
  const values = [ordered[0]?.streakBefore ?? 0, ...ordered.map((event) => event.streakAfter ?? event.streakBefore)];
  const marked = [false, ...ordered.map(isCorrection)];
  const corrections = ordered.filter(isCorrection).length;
  return (
    <ChartFigure
      title="Streak over your last changes"
      summary={`Your streak over its last ${formatPlural(ordered.length, "change")}: from ${values[0]} to ${values.at(-1)}, highest ${Math.max(...values)}, ${formatPlural(corrections, "correction")} marked.`}
      legend={[
        { label: "Streak", swatch: "bg-sky-600 dark:bg-sky-400" },
        { label: "Correction", swatch: "rotate-45 bg-amber-400 dark:bg-amber-300" },
      ]}
      height={HEIGHT}
      testId="streak-line"
    >
      {(width) => <LineChart values={values} marked={marked} step width={width} height={HEIGHT} />}
    </ChartFigure>
  );
};
