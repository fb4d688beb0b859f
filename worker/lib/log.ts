type Level = "info" | "warn" | "error";

/** One JSON line per event so Workers Logs can index the fields. */
export const log = (level: Level, event: string, fields: Record<string, unknown> = {}): void => {
  const line = JSON.stringify({ level, event, time: new Date().toISOString(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
};
