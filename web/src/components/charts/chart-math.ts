/** Pure geometry of our small SVG charts (docs/decisions/0035-charts.md): scales, bands and paths in pixels. */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-29" as "Nov 29". */
export const dayLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1] ?? ""} ${Number(day.slice(8, 10))}`;

/**
 * The top of a value axis: small counts as they are, larger ones up to the next 1, 2 or 5 times a power of ten, so
 * the one label on the axis reads as a round number. Never below 1, so an all-zero chart still has an axis.
 */
export const axisTop = (max: number) => {
  if (max <= 5) return Math.max(1, Math.ceil(max));
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].find((step) => step * power >= max) ?? 10) * power;
};

/** An axis value in at most four characters, as the margin has room for: 500, 2k, 50k, 2M. */
export const axisLabel = (value: number) => {
  if (value < 1000) return String(value);
  if (value < 1_000_000) return `${value / 1000}k`;
  return `${value / 1_000_000}M`;
};

export type Plot = { left: number; top: number; width: number; height: number };

/** Where the `count` equal bands of a plot lie: each band's centre, and a bar's width with a gap on either side. */
export const bands = (plot: Plot, count: number) => {
  const step = plot.width / Math.max(1, count);
  return {
    centre: (index: number) => plot.left + step * (index + 0.5),
    barWidth: Math.max(1, Math.min(24, step * 0.7)),
  };
};

/** The y of a value on an axis from 0 (the plot's bottom) to `top` (its top). */
export const yOf = (plot: Plot, top: number) => (value: number) => plot.top + plot.height * (1 - value / top);

/** A line through the points; `step` holds each value until the next point (a streak stays until it changes). */
export const linePath = (points: readonly { x: number; y: number }[], step = false) =>
  points
    .map(({ x, y }, index) => {
      if (index === 0) return `M${x} ${y}`;
      return step ? `H${x}V${y}` : `L${x} ${y}`;
    })
    .join("");

/** Which of `count` bands get an axis label: the first, the last and about every quarter between, never crowded. */
export const labelledBands = (count: number, width: number, labelWidth = 44) => {
  if (count <= 1) return [0];
  const room = Math.max(2, Math.min(5, Math.floor(width / labelWidth)));
  const indexes = new Set(Array.from({ length: room }, (_, i) => Math.round((i * (count - 1)) / (room - 1))));
  return [...indexes];
};
