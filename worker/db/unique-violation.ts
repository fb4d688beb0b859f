/** The "table.column" named by a UNIQUE constraint failure (D1 or drizzle-wrapped), or null for any other error. */
export const uniqueViolation = (error: unknown): string | null => {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return text.match(/UNIQUE constraint failed: ([\w.]+)/)?.[1] ?? null;
};
