import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it, vi } from "vitest";
import { twoShardEnv } from "../shards";
import { useFakeStripe, type FakeStripe } from "../stripe";
import { LedgerModel } from "./ledger-model";
import { expectAgreement } from "./agreement";
import { commandArbitrary, type Command } from "./commands";
import { runCommand } from "./run-command";
import { BASE_PLAYERS, createWorld } from "./world";

const RUNS = Number(env.PROPERTY_RUNS);
const SEED = Number(env.PROPERTY_SEED);

const perBasePlayer = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.array(arbitrary, { minLength: BASE_PLAYERS, maxLength: BASE_PLAYERS });

/** The base players' earlier winnings and opening purchases (paid checkouts, webhook delivered), then up to 40 commands. */
const scenario = fc.record({
  earlierWinnings: perBasePlayer(fc.nat(40)),
  purchases: perBasePlayer(fc.oneof(fc.constant(0), fc.integer({ min: 5, max: 60 }))),
  commands: fc.array(commandArbitrary, { maxLength: 40, size: "max" }),
});

const opening = (purchases: number[]): Command[] =>
  purchases.flatMap((credits, player) =>
    credits > 0 ? [{ kind: "checkout" as const, player, credits, then: "webhook" as const }] : [],
  );

let stripe: FakeStripe;
beforeAll(() => {
  stripe = useFakeStripe();
  // Every request logs a line; thousands of them would drown the seed and a failure's counterexample.
  vi.spyOn(console, "log").mockImplementation(() => undefined);
});
afterAll(() => {
  vi.restoreAllMocks();
});

// One database for everything, and players over two user shards beside the catalogue.
describe.each([
  ["one shard", env],
  ["two shards", twoShardEnv()],
])("ledger model with %s", (_, testEnv) => {
  it(
    "agrees with the real worker after every command, and the audit stays clean",
    async () => {
      console.info(`ledger property: ${RUNS} runs, seed ${SEED} (replay with PROPERTY_SEED=${SEED})`);
      await fc.assert(
        fc.asyncProperty(scenario, async ({ earlierWinnings, purchases, commands }) => {
          const model = new LedgerModel();
          const world = await createWorld(testEnv, stripe, model, earlierWinnings);
          for (const [i, command] of [...opening(purchases), ...commands].entries()) {
            model.step += 1;
            await runCommand(world, model, command);
            await expectAgreement(world, model, `after command ${i} ${JSON.stringify(command)}`);
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    Math.max(600_000, RUNS * 3_000),
  );
});
