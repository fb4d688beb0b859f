import { request } from "node:http";

/** Signing in through the real API: the access token comes back as the __Host-access cookie. */
export type Session = { token: string; issuedAt: number };

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * Every call opens its own connection: workerd does not read the next request of a kept-alive connection until
 * the previous request's waitUntil work has finished, which after an outcome takes minutes.
 */
const call = (
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
) =>
  new Promise<Reply>((resolve, reject) => {
    const req = request(url, { method, headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${url} timed out after ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });

const ACCESS_COOKIE = /__Host-access=([^;]+)/;

export const login = async (baseUrl: string, email: string, password: string): Promise<Session> => {
  const reply = await call(
    "POST",
    `${baseUrl}/api/auth/login`,
    { "Content-Type": "application/json" },
    JSON.stringify({ email, password }),
    30_000,
  );
  const cookies = reply.headers["set-cookie"];
  const token = (Array.isArray(cookies) ? cookies : []).map((cookie) => cookie.match(ACCESS_COOKIE)?.[1]).find(Boolean);
  if (reply.status !== 200 || !token) throw new Error(`Login as ${email} failed: ${reply.status} ${reply.body}`);
  return { token, issuedAt: Date.now() };
};

/** Logs in a few at a time: each login is a PBKDF2 check, which keeps workerd busy. */
export const loginAll = async (baseUrl: string, emails: string[], password: string, concurrency = 4) => {
  const sessions: Session[] = new Array(emails.length);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const index = next++;
      sessions[index] = await login(baseUrl, emails[index] ?? "", password);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return sessions;
};

export const authHeaders = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

/** Who a session's access token names (its payload, unverified: the bench signed in to get it). */
export const claimsOf = (session: Session) => {
  const payload = JSON.parse(Buffer.from(session.token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
    sub?: string;
    sid?: string;
  };
  if (!payload.sub || !payload.sid) throw new Error("The access token names no user or session");
  return { userId: payload.sub, sessionId: payload.sid };
};

const parsed = <T>(method: string, url: string, reply: Reply): T => {
  if (reply.status < 200 || reply.status >= 300) throw new Error(`${method} ${url}: ${reply.status} ${reply.body}`);
  return JSON.parse(reply.body) as T;
};

export const getJson = async <T>(url: string, session?: Session, timeoutMs = 30_000): Promise<T> =>
  parsed<T>("GET", url, await call("GET", url, session ? authHeaders(session) : {}, undefined, timeoutMs));

export const sendJson = async <T>(
  method: string,
  url: string,
  body: unknown,
  session: Session,
  timeoutMs = 60_000,
): Promise<T> =>
  parsed<T>(
    method,
    url,
    await call(
      method,
      url,
      { ...authHeaders(session), "Content-Type": "application/json" },
      JSON.stringify(body),
      timeoutMs,
    ),
  );

/** A plain GET whose body does not matter (the leaderboard probe, `/__scheduled`). */
export const getStatus = async (url: string, headers: Record<string, string> = {}, timeoutMs = 30_000) =>
  (await call("GET", url, headers, undefined, timeoutMs)).status;
