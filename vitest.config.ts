import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { mkdirSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { ONE_DATABASE_MAP } from "./shared/shard-map";
import { TWO_SHARD_SUITE } from "./worker/test/two-shard-suite";

// wrangler refuses a missing assets directory; worker tests do not need the web build itself.
mkdirSync("dist/client", { recursive: true });

/**
 * The worker tests run inside workerd against real D1 and Durable Objects, with the given user shard map in force, or
 * without one wrangler.toml's: the two shards of `npm start`. twoShardEnv() runs a single test over SHARD_0 and SHARD_1
 * in either project.
 */
const workerProject = (name: string, include: string[], userShardMap?: object) => ({
  plugins: [
    cloudflareTest(async () => ({
      main: "./worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // A database no setup migrates, for the test that migrates one holding data; the two user shards come from
        // wrangler.toml.
        d1Databases: { UNMIGRATED: "test-unmigrated" },
        bindings: {
          ENVIRONMENT: "test",
          APP_URL: "http://localhost:8787",
          SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
          ...(userShardMap ? { USER_SHARD_MAP: userShardMap } : {}),
          TEST_MIGRATIONS: await readD1Migrations("migrations"),
          // The ledger property test's size and seed; `npm run test:deep` raises the runs to 1,000.
          PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? "100",
          PROPERTY_SEED: process.env.PROPERTY_SEED ?? String(Date.now() % 2 ** 31),
        },
      },
    })),
  ],
  test: {
    name,
    testTimeout: 30_000,
    isolate: false,
    include,
    setupFiles: ["./worker/test/fresh-databases.ts"],
    // obscenity's ESM entry re-exports a CommonJS file, which only a bundler (wrangler's esbuild, or this) unwraps.
    deps: { optimizer: { ssr: { enabled: true, include: ["obscenity"] } } },
  },
});

export default defineConfig({
  test: {
    // Request logs and expected errors print only for a test that failed.
    silent: "passed-only",
    projects: [
      workerProject("worker", ["worker/**/*.test.ts"], ONE_DATABASE_MAP),
      workerProject("worker-two-shards", TWO_SHARD_SUITE),
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["./e2e/global-setup.ts"],
          // Journeys that walk several pages (the accessibility sweeps) need more than a minute on a busy two-core machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "web",
          // scripts/: the deploy check's rules (scripts/lib/deploy-config.ts); bench/: how the bench reads its own data.
          include: ["web/src/**/*.test.{ts,tsx}", "shared/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
