import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../index";
import { withNoticesDelivered } from "./queues";
import { responseContract, type ResponseContract } from "./response-contract";

export const BASE_URL = "http://localhost:8787";

const randomIp = () => `10.${Array.from(crypto.getRandomValues(new Uint8Array(3))).join(".")}`;

/** `env` replaces the test environment for this request (a faulty database, say); its emails and pushes go at once. */
type JsonInit = RequestInit & { json?: unknown; env?: Env };

let contract: Promise<ResponseContract> | undefined;

/** The API's own document, read once per test file the way an outside client reads it. */
const documentedContract = () =>
  (contract ??= (async () => {
    const response = await worker.fetch(new Request(`${BASE_URL}/api/openapi.json`), env, createExecutionContext());
    return responseContract(await response.json());
  })());

/**
 * Calls the real worker (all middleware, real D1) the way a browser on our origin would. It dispatches in the
 * test's own isolate rather than through SELF.fetch, whose cost grows with every request a test file has made
 * (cloudflare/workers-sdk#15446), which made the concurrency tests quadratic.
 */
export const call = async (path: string, { env: requestEnv = env, json, ...init }: JsonInit = {}) => {
  const headers = new Headers(init.headers);
  // Each call is its own visitor, so per-IP limits only bite in tests that send this header themselves.
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", randomIp());
  // ...from the United States: a test that needs another edge country (or none: "") sends its own header.
  if (!headers.has("CF-IPCountry")) headers.set("CF-IPCountry", "US");
  let body = init.body;
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }
  const ctx = createExecutionContext();
  const request = new Request(`${BASE_URL}${path}`, { ...init, headers, body });
  const response = await worker.fetch(request.clone(), withNoticesDelivered(requestEnv), ctx);
  await waitOnExecutionContext(ctx);
  // Every answer a test receives is also a check that the published document describes it.
  await (
    await documentedContract()
  )(request, response);
  return response;
};

export const callJson = async <T = unknown>(path: string, init: JsonInit = {}) => {
  const response = await call(path, init);
  return { response, status: response.status, body: (await response.json()) as T };
};
