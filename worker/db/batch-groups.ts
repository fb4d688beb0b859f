type Grouped<G extends D1PreparedStatement[][]> = { [K in keyof G]: D1Result<unknown>[] };

/**
 * Runs groups of statements as one batch (one D1 round trip) and gives each group its own results, so a caller
 * that borrows another module's statements never counts positions in the combined batch.
 */
export const batchGroups = async <G extends D1PreparedStatement[][]>(d1: D1Database, groups: [...G]): Promise<Grouped<G>> => {
  const results = await d1.batch<unknown>(groups.flat());
  let start = 0;
  return groups.map((group) => results.slice(start, (start += group.length))) as Grouped<G>;
};
