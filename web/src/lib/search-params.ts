/**
 * Route search validators without a schema library: route options load with the first page, and a validation
 * library there costs every visitor tens of kilobytes for a few optional strings.
 */
export const stringParams =
  <K extends string>(...keys: K[]) =>
  (search: Record<string, unknown>): Partial<Record<K, string>> => {
    const out: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const value = search[key];
      if (typeof value === "string") out[key] = value;
      else if (typeof value === "number" || typeof value === "boolean") out[key] = String(value);
    }
    return out;
  };

export const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
