import { axisLabel, dayLabel, labelledBands, type Plot } from "./chart-math";

const LABEL = "fill-slate-600 text-[11px] dark:fill-slate-400";
const GRID = "stroke-slate-200 dark:stroke-slate-700";

/** A gridline across the plot at `y`, with its value written at the left edge. */
export const Gridline = ({ plot, y, label }: { plot: Plot; y: number; label?: number }) => (
  <g>
    <line x1={plot.left} x2={plot.left + plot.width} y1={y} y2={y} className={GRID} strokeWidth={1} />
    {label === undefined ? null : (
      <text x={plot.left - 4} y={y} dy="0.32em" textAnchor="end" className={LABEL}>
        {axisLabel(label)}
      </text>
    )}
  </g>
);

/** The days under the plot: the first, the last and a few between, as many as fit. */
export const DayAxis = ({
  plot,
  days,
  centre,
}: {
  plot: Plot;
  days: readonly string[];
  centre: (i: number) => number;
}) => {
  const shown = labelledBands(days.length, plot.width);
  return (
    <g>
      {shown.map((index) => {
        const first = index === 0;
        const last = index === days.length - 1 && days.length > 1;
        return (
          <text
            key={index}
            x={first ? plot.left : last ? plot.left + plot.width : centre(index)}
            y={plot.top + plot.height + 14}
            textAnchor={first ? "start" : last ? "end" : "middle"}
            className={LABEL}
          >
            {dayLabel(days[index] ?? "")}
          </text>
        );
      })}
    </g>
  );
};
