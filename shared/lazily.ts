/**
 * A value made the first time it is asked for. For Intl formatters at module level: the first one a page builds loads
 * the locale's data, which a module should not do while the app starts unless its first view writes with it.
 */
export const lazily = <T>(create: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= create());
};
