import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { faultyEnv, type FaultMode } from "../test/faulty-d1";
import { callJson } from "../test/http";
import { expectLedgerClean } from "../test/ledger";
import { allInEveryTestShard } from "../test/players";
import {
  difference,
  footprint,
  MONEY_ROUTES,
  withoutIdentity,
  type MoneyRequest,
  type MoneyRoute,
} from "../test/money-routes";
import { useFakeStripe, type FakeStripe } from "../test/stripe";
import { GENERIC_ERROR_MESSAGE } from "../lib/errors";

const MODES: FaultMode[] = ["fail-before-commit", "lose-answer-after-commit"];

let stripe: FakeStripe;
beforeAll(() => {
  stripe = useFakeStripe();
});
afterAll(() => {
  vi.restoreAllMocks();
});

const send = (request: MoneyRequest, key: string, requestEnv: Env = env) =>
  callJson(request.path, {
    method: "POST",
    headers: { ...request.headers, "Idempotency-Key": key },
    json: request.json,
    env: requestEnv,
  });

/** What the route answers and writes when nothing goes wrong, for a player of its own. */
const cleanRun = async (route: MoneyRoute) => {
  const request = await route.setup(stripe);
  const before = await footprint(request);
  const { status, body } = await send(request, crypto.randomUUID());
  return { status, body, wrote: difference(before, await footprint(request)) };
};

const storedStatuses = async (userIds: string[]) =>
  (
    await allInEveryTestShard<{ status: number }>(
      `SELECT status FROM idempotent_responses WHERE user_id IN (${userIds.map(() => "?").join(", ")})`,
      ...userIds,
    )
  ).map((row) => row.status);

describe.each(MONEY_ROUTES)("$name with a failing database", (route) => {
  it.each(MODES)(
    "%s: the first attempt answers 500, its retry the clean answer, and the money moves once",
    async (mode) => {
      const clean = await cleanRun(route);
      expect(clean.status).toBeLessThan(300);

      const request = await route.setup(stripe);
      const key = crypto.randomUUID();
      const faulty = faultyEnv({ mode, nth: route.batch }, request.userIds[0]!);
      const before = await footprint(request);

      const first = await send(request, key, faulty);
      expect(first.status).toBe(500);
      expect(first.body).toEqual({ error: { code: "internal", message: GENERIC_ERROR_MESSAGE } });
      const afterFirst = difference(before, await footprint(request));
      if (mode === "fail-before-commit")
        expect(
          Object.values(afterFirst).every((n) => n === 0),
          JSON.stringify(afterFirst),
        ).toBe(true);
      else expect(afterFirst).toEqual(clean.wrote);
      expect((await storedStatuses(request.userIds)).every((status) => status < 500)).toBe(true);

      const retry = await send(request, key, faulty);
      expect(retry.status).toBe(clean.status);
      expect(withoutIdentity(retry.body)).toEqual(withoutIdentity(clean.body));
      expect(difference(before, await footprint(request))).toEqual(clean.wrote);

      const repeat = await send(request, key);
      expect(repeat).toMatchObject({ status: retry.status, body: retry.body });
      expect(difference(before, await footprint(request))).toEqual(clean.wrote);
      await expectLedgerClean();
    },
  );
});

describe.each(MONEY_ROUTES)("$name repeated at once", (route) => {
  it("moves the money once and gives every repeat of the key the clean answer", async () => {
    const clean = await cleanRun(route);
    const request = await route.setup(stripe);
    const key = crypto.randomUUID();
    const before = await footprint(request);
    const replies = await Promise.all(Array.from({ length: 6 }, () => send(request, key)));
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(clean.status);
      expect(reply.body).toEqual(replies[0]?.body);
    }
    expect(withoutIdentity(replies[0]?.body)).toEqual(withoutIdentity(clean.body));
    expect(difference(before, await footprint(request))).toEqual(clean.wrote);
    await expectLedgerClean();
  });
});
