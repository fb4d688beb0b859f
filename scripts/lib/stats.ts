export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
};

export const median = (values: number[]) => percentile(values, 50);

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
