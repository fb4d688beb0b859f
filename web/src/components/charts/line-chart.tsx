import { DayAxis, Gridline } from "./axes";
import { axisTop, bands, linePath, yOf, type Plot } from "./chart-math";

type Props = {
  values: readonly number[];
  /** Points drawn as a marked change (a correction) rather than a plain one. */
  marked?: readonly boolean[];
  /** One day per value, labelled under the plot; without them the points are in order, oldest left. */
  days?: readonly string[];
  /** The value holds until the next point (a streak) rather than moving straight to it. */
  step?: boolean;
  width: number;
  height: number;
};

const MARGIN = { left: 32, right: 8, top: 8, bottom: 18 };
const LINE = "fill-none stroke-sky-600 dark:stroke-sky-400";
const DOT = "fill-sky-600 dark:fill-sky-400";
const MARK = "fill-amber-400 stroke-amber-800 dark:fill-amber-300 dark:stroke-amber-200";

/** A line over equal steps (days, or changes in order) from 0 up, its marked points drawn as diamonds. */
export const LineChart = ({ values, marked, days, step = false, width, height }: Props) => {
  const plot: Plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    width: Math.max(1, width - MARGIN.left - MARGIN.right),
    height: Math.max(1, height - MARGIN.top - (days ? MARGIN.bottom : 4)),
  };
  const top = axisTop(Math.max(0, ...values));
  const { centre } = bands(plot, values.length);
  const y = yOf(plot, top);
  const points = values.map((value, index) => ({ x: centre(index), y: y(value) }));
  const dots = values.length <= 40;
  return (
    <svg width={width} height={height} aria-hidden="true" focusable="false" className="block overflow-visible">
      <Gridline plot={plot} y={plot.top} label={top} />
      <Gridline plot={plot} y={plot.top + plot.height} label={0} />
      <path d={linePath(points, step)} className={LINE} strokeWidth={2} strokeLinejoin="round" />
      {points.map(({ x, y }, index) =>
        marked?.[index] ? (
          <path key={index} d={`M${x} ${y - 6}L${x + 6} ${y}L${x} ${y + 6}L${x - 6} ${y}Z`} className={MARK} />
        ) : dots ? (
          <circle key={index} cx={x} cy={y} r={2.5} className={DOT} />
        ) : null,
      )}
      {days ? <DayAxis plot={plot} days={days} centre={centre} /> : null}
    </svg>
  );
};
