/** Adds up per-database summaries field by field, over the fields `zero` names. */
export const sumFields = <K extends string>(
  zero: Record<K, number>,
  parts: readonly Record<NoInfer<K>, number>[],
): Record<K, number> =>
  parts.reduce(
    (sum, part) =>
      Object.fromEntries(Object.keys(zero).map((key) => [key, sum[key as K] + part[key as K]])) as Record<K, number>,
    zero,
  );
