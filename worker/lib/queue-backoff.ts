/**
 * How long a queue message that failed waits before its next try: doubling from `firstSeconds` with each attempt, up
 * to `maxSeconds` (Queues caps a delay at 12 hours; ours stay far below).
 */
export const backoffSeconds = (attempts: number, { firstSeconds = 1, maxSeconds = 300 } = {}) =>
  Math.min(maxSeconds, firstSeconds * 2 ** attempts);
