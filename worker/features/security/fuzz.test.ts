import { describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { call, callJson } from "../../test/http";
import { expectLedgerClean } from "../../test/ledger";
import { FUZZ_PATH_SEGMENTS, FUZZ_SCALARS, RAW_BODIES, seededRandom } from "./fuzz-values";

type Operation = {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  parameters?: { in: string; name: string }[];
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const LEAKS = /\bat \S+:\d+:\d+|D1_ERROR|SQLITE|TypeError|ReferenceError|stack/i;
const SKIP = new Set(["/live"]);

const schemaOf = (op: Operation) =>
  Object.values(op.requestBody?.content ?? {})[0]?.schema as
    { properties?: Record<string, unknown>; $ref?: string } | undefined;

describe("API fuzzing", () => {
  it("answers thousands of hostile requests on every route without a 5xx or a leaked internal", async () => {
    const random = seededRandom(SEED);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const spec = (
      await callJson<OpenApi & { components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> } }>(
        "/api/openapi.json",
      )
    ).body;
    const resolve = (schema: { properties?: Record<string, unknown>; $ref?: string } | undefined) =>
      schema?.$ref ? spec.components?.schemas?.[schema.$ref.split("/").at(-1) ?? ""] : schema;

    const player: TestAccount = await signUpAndLogin("fuzz-player@example.com");
    const admin: TestAccount = await signUpAndLogin("admin@example.com");
    const identities: Record<string, string>[] = [{}, player.bearer, admin.bearer];

    let sent = 0;
    const failures: string[] = [];
    const send = async (method: string, path: string, init: RequestInit & { json?: unknown }) => {
      const response = await call(path, { ...init, method: method.toUpperCase() });
      const text = await response.text();
      sent += 1;
      if (response.status >= 500 || LEAKS.test(text))
        failures.push(`${method.toUpperCase()} ${path} -> ${response.status} ${text.slice(0, 200)}`);
    };

    const operations = Object.entries(spec.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
      .filter(({ path }) => !SKIP.has(path));
    expect(operations.length).toBeGreaterThan(20);

    for (let round = 0; sent < 5000 && round < 200; round++) {
      for (const { path, method, op } of operations) {
        const concrete = path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pick(FUZZ_PATH_SEGMENTS)));
        const query = (op.parameters ?? [])
          .filter((p) => p.in === "query")
          .map((p) => `${p.name}=${encodeURIComponent(String(pick(FUZZ_SCALARS)))}`)
          .join("&");
        const url = `/api${concrete}${query ? `?${query}` : ""}`;
        const headers = pick(identities);
        if (method === "get" || method === "delete") {
          await send(method, url, { headers });
          continue;
        }
        const properties = Object.keys(resolve(schemaOf(op))?.properties ?? {});
        if (random() < 0.2) {
          const raw = pick(RAW_BODIES);
          await send(method, url, {
            headers: { ...headers, ...(raw.contentType ? { "Content-Type": raw.contentType } : {}) },
            body: raw.body,
          });
        } else {
          const body = Object.fromEntries(
            properties.filter(() => random() < 0.8).map((name) => [name, pick(FUZZ_SCALARS)]),
          );
          if (random() < 0.3) body[`extra_${Math.floor(random() * 100)}`] = pick(FUZZ_SCALARS);
          await send(method, url, { headers, json: body });
        }
      }
    }
    console.log(`fuzz: ${sent} requests over ${operations.length} operations, seed ${SEED}`);
    expect(sent).toBeGreaterThanOrEqual(5000);
    expect(failures.slice(0, 20), `seed ${SEED}`).toEqual([]);
    await expectLedgerClean();
  }, 300_000);
});
