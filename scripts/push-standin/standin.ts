import { importJWK, jwtVerify } from "jose";

/** The origin every stand-in endpoint carries, as a real push service's would; the app delivers it to our local address. */
export const STANDIN_ORIGIN = "https://push.standin.test";

export type ReceivedPush = {
  endpointId: string;
  ttl: number;
  urgency: string | null;
  body: Uint8Array;
  receivedAt: number;
};

const json = (value: unknown, status = 200) => Response.json(value, { status });

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

/** RFC 8292: `vapid t=<JWT>, k=<the application server's public key>`; the JWT is ES256 over that key, for our origin. */
const verifyVapid = async (authorization: string | null) => {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) return "Missing or malformed VAPID authorization";
  const raw = fromBase64Url(match[2]!);
  if (raw.length !== 65 || raw[0] !== 4) return "VAPID public key is not an uncompressed P-256 point";
  const toB64 = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
  const key = await importJWK(
    { kty: "EC", crv: "P-256", x: toB64(raw.subarray(1, 33)), y: toB64(raw.subarray(33, 65)) },
    "ES256",
  );
  try {
    const { payload } = await jwtVerify(match[1]!, key, { audience: STANDIN_ORIGIN, algorithms: ["ES256"] });
    if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) return "VAPID token must expire within 24 hours";
    if (typeof payload.sub !== "string" || !/^(mailto:|https:)/.test(payload.sub))
      return "VAPID subject must be mailto: or https:";
    return null;
  } catch (error) {
    return `VAPID token refused: ${String(error)}`;
  }
};

/**
 * A push service of our own for development and tests, written as a fetch handler: it takes encrypted pushes as a
 * real one does (VAPID checked, aes128gcm only, TTL required) and keeps them for a test to read and decrypt. Control
 * routes make an endpoint gone (410) or fail the next requests, as push services do.
 */
export const createPushStandin = () => {
  const received: ReceivedPush[] = [];
  const gone = new Set<string>();
  const failures = new Map<string, number[]>();

  const accept = async (endpointId: string, request: Request) => {
    if (gone.has(endpointId)) return new Response("Subscription expired", { status: 410 });
    const queued = failures.get(endpointId);
    if (queued?.length) return new Response("Try again later", { status: queued.shift()! });
    const refusal = await verifyVapid(request.headers.get("Authorization"));
    if (refusal) return new Response(refusal, { status: 403 });
    if (request.headers.get("Content-Encoding") !== "aes128gcm")
      return new Response("Content-Encoding must be aes128gcm", { status: 415 });
    const ttl = Number(request.headers.get("TTL"));
    if (!Number.isInteger(ttl) || ttl < 0) return new Response("TTL header required", { status: 400 });
    const body = new Uint8Array(await request.arrayBuffer());
    if (body.length > 4096) return new Response("Payload too large", { status: 413 });
    received.push({ endpointId, ttl, urgency: request.headers.get("Urgency"), body, receivedAt: Date.now() });
    return new Response(null, { status: 201, headers: { Location: `${STANDIN_ORIGIN}/messages/${received.length}` } });
  };

  const handle = async (request: Request): Promise<Response> => {
    const { pathname, searchParams } = new URL(request.url);
    const [, area, id, action] = pathname.split("/");
    if (request.method === "POST" && area === "push" && id) return accept(id, request);
    if (request.method === "GET" && area === "messages") {
      const endpointId = searchParams.get("endpoint");
      const items = received.filter((push) => !endpointId || push.endpointId === endpointId);
      return json({ items: items.map((push) => ({ ...push, body: btoa(String.fromCharCode(...push.body)) })) });
    }
    if (request.method === "POST" && area === "control" && id && action === "gone") {
      gone.add(id);
      return json({ ok: true });
    }
    if (request.method === "POST" && area === "control" && id && action === "fail") {
      const status = Number(searchParams.get("status") ?? 503);
      const times = Number(searchParams.get("times") ?? 1);
      failures.set(id, [...(failures.get(id) ?? []), ...Array.from({ length: times }, () => status)]);
      return json({ ok: true });
    }
    return new Response("Not found", { status: 404 });
  };

  return { handle, received, endpoint: (id: string) => `${STANDIN_ORIGIN}/push/${id}` };
};

export type PushStandin = ReturnType<typeof createPushStandin>;
