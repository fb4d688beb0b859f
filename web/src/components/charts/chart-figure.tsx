import { useLayoutEffect, useRef, useState, type ReactNode } from "react";

export type LegendEntry = { label: string; swatch: string };
export type ChartTable = { head: readonly string[]; rows: readonly (readonly (string | number)[])[] };

type Props = {
  title: string;
  /** What the drawing shows, in a sentence: the name a screen reader gives the picture. */
  summary: string;
  /** Every number drawn, for whoever would rather read them; left out where the page lists them already. */
  table?: ChartTable;
  legend?: readonly LegendEntry[];
  height: number;
  /** Draws the picture for the width it has, in pixels. */
  children: (width: number) => ReactNode;
  testId?: string;
};

/** The drawing's width, measured, so it is drawn in real pixels at any size rather than stretched. */
const useWidth = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
};

/** The numbers a chart draws, folded away under the drawing. */
const NumbersTable = ({ table }: { table: ChartTable }) => (
  <details className="mt-1 text-xs">
    <summary className="cursor-pointer py-3.5 text-slate-700 dark:text-slate-300">Show the numbers</summary>
    <div className="max-h-56 overflow-auto">
      <table className="w-full text-left tabular-nums">
        <thead>
          <tr>
            {table.head.map((cell) => (
              <th key={cell} scope="col" className="py-1 pr-2 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-t border-slate-100 dark:border-slate-800">
              {row.map((cell, index) => (
                <td key={index} className="py-0.5 pr-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  </details>
);

/** A chart with its title, legend, a one-sentence text alternative and its numbers as a table one tap away. */
export const ChartFigure = ({ title, summary, table, legend, height, children, testId }: Props) => {
  const [ref, width] = useWidth();
  return (
    <figure className="min-w-0 rounded-xl border border-slate-200 p-3 dark:border-slate-800" data-testid={testId}>
      <figcaption className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold">{title}</span>
        {legend ? (
          <span className="flex flex-wrap gap-x-3 text-xs text-slate-700 dark:text-slate-300">
            {legend.map((entry) => (
              <span key={entry.label} className="flex items-center gap-1">
                <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-sm ${entry.swatch}`} />
                {entry.label}
              </span>
            ))}
          </span>
        ) : null}
      </figcaption>
      <div ref={ref} role="img" aria-label={summary} className="mt-2 w-full" style={{ height }}>
        {width > 0 ? children(width) : null}
      </div>
      {table ? <NumbersTable table={table} /> : null}
    </figure>
  );
};
