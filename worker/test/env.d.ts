import type { D1Migration } from "@cloudflare/vitest-pool-workers";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      UNMIGRATED: D1Database;
      PROPERTY_RUNS: string;
      PROPERTY_SEED: string;
    }
  }
}
