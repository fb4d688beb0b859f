import { request } from "node:http";
import { REQUEST_TIMEOUT_MS } from "../config";
import type { Metrics } from "./metrics";

export type Reply<T> = { status: number; data: T | null; body: string; location: string | null; cookies: string[] };

export type CallOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  /** 4xx answers this call can legitimately get (a duplicate pick, a closed question); others are reported. */
  expected?: readonly number[];
};

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * One connection per request: workerd does not read the next request of a kept-alive connection until the
 * previous request's waitUntil work has finished (bench/lib/api.ts found this), which would stall a player.
 * Never throws: no answer is status 0 with the error as its body, so the soak counts it instead of dying.
 */
const send = (method: string, url: string, headers: Record<string, string>, body: string | undefined) =>
  new Promise<Raw>((resolve) => {
    const req = request(url, { method, headers, agent: false, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", (error) => resolve({ status: 0, headers: {}, body: String(error) }));
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on("error", (error) => resolve({ status: 0, headers: {}, body: String(error) }));
    req.end(body);
  });

const parse = <T>(raw: Raw): T | null => {
  if (raw.status < 200 || raw.status >= 300 || !String(raw.headers["content-type"] ?? "").includes("json")) return null;
  try {
    return JSON.parse(raw.body) as T;
  } catch {
    return null;
  }
};

/** Sends one request to a full URL and records it under its route template (ids stripped, so routes aggregate). */
export const createHttp =
  (metrics: Metrics) =>
  async <T>(route: string, method: string, url: string, options: CallOptions = {}): Promise<Reply<T>> => {
    const json = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers = { ...(json === undefined ? {} : { "Content-Type": "application/json" }), ...options.headers };
    const started = performance.now();
    const raw = await send(method, url, headers, json);
    metrics.record(
      route,
      raw.status,
      raw.status === 0 ? null : performance.now() - started,
      raw.body,
      options.expected,
    );
    const setCookie = raw.headers["set-cookie"];
    const location = raw.headers.location;
    return {
      status: raw.status,
      data: parse<T>(raw),
      body: raw.body,
      location: typeof location === "string" ? location : null,
      cookies: Array.isArray(setCookie) ? setCookie : [],
    };
  };

export type Http = ReturnType<typeof createHttp>;
