import { SELF } from "cloudflare:test";

export const BASE_URL = "http://localhost:8787";

type JsonInit = Omit<RequestInit, "body"> & { json?: unknown };

/** Calls the real worker (all middleware included) the way a browser on our origin would. */
export const call = (path: string, init: JsonInit = {}) => {
  const headers = new Headers(init.headers);
  let body = init.body as BodyInit | undefined;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return SELF.fetch(`${BASE_URL}${path}`, { ...init, headers, body });
};

export const callJson = async <T = unknown>(path: string, init: JsonInit = {}) => {
  const response = await call(path, init);
  return { response, status: response.status, body: (await response.json()) as T };
};
