import { applyD1Migrations, env } from "cloudflare:test";
import { SHARDS } from "./shards";

// Every database carries the whole schema; which tables each one uses is the shard map's business.
await Promise.all([env.DB, SHARDS.SHARD_0, SHARDS.SHARD_1].map((d1) => applyD1Migrations(d1, env.TEST_MIGRATIONS)));
