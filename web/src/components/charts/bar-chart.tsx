import { DayAxis, Gridline } from "./axes";
import { axisTop, bands, type Plot } from "./chart-math";

export type BarSeries = {
  name: string;
  values: readonly number[];
  /** The bars' fill, light and dark (`fill-emerald-600 dark:fill-emerald-400`). */
  fill: string;
  /** Drawn below the baseline (losses under wins). */
  down?: boolean;
};

type Props = { days: readonly string[]; series: readonly BarSeries[]; width: number; height: number };

const MARGIN = { left: 32, right: 4, top: 6, bottom: 18 };

/**
 * A bar per day for each series, side by side in the day's band; series marked `down` hang below the baseline, so
 * wins and losses read against each other. One scale for all, topped at a round number.
 */
export const BarChart = ({ days, series, width, height }: Props) => {
  const plot: Plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    width: Math.max(1, width - MARGIN.left - MARGIN.right),
    height: Math.max(1, height - MARGIN.top - MARGIN.bottom),
  };
  const top = axisTop(Math.max(0, ...series.flatMap((s) => s.values)));
  const up = series.filter((s) => !s.down);
  const down = series.filter((s) => s.down);
  const half = down.length > 0 ? plot.height / 2 : plot.height;
  const baseline = plot.top + half;
  const { centre, barWidth } = bands(plot, days.length);
  const bars = (group: readonly BarSeries[], direction: 1 | -1) =>
    group.map((s, position) =>
      s.values.map((value, index) => {
        if (value <= 0) return null;
        const size = Math.max(1, (value / top) * half);
        const slot = barWidth / group.length;
        return (
          <rect
            key={`${s.name}-${index}`}
            x={centre(index) - barWidth / 2 + slot * position}
            y={direction === 1 ? baseline - size : baseline}
            width={Math.max(1, slot - (group.length > 1 ? 1 : 0))}
            height={size}
            rx={Math.min(2, slot / 4)}
            className={s.fill}
          />
        );
      }),
    );
  return (
    <svg width={width} height={height} aria-hidden="true" focusable="false" className="block overflow-visible">
      <Gridline plot={plot} y={plot.top} label={top} />
      <Gridline plot={plot} y={baseline} label={0} />
      {down.length > 0 ? <Gridline plot={plot} y={plot.top + plot.height} label={top} /> : null}
      {bars(up, 1)}
      {bars(down, -1)}
      <DayAxis plot={plot} days={days} centre={centre} />
    </svg>
  );
};
