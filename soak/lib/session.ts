import { REFRESH_AFTER_MS } from "../config";
import type { CallOptions, Http, Reply } from "./http";

type Tokens = { access: string; refresh: string; issuedAt: number };

const cookieValue = (cookies: string[], name: string) =>
  cookies
    .map((cookie) => cookie.match(new RegExp(`^${name}=([^;]*)`))?.[1])
    .find((value) => value !== undefined && value !== "");

const tokensOf = (reply: Reply<unknown>): Tokens | null => {
  const access = cookieValue(reply.cookies, "__Host-access");
  const refresh = cookieValue(reply.cookies, "__Host-refresh");
  return reply.status === 200 && access && refresh ? { access, refresh, issuedAt: Date.now() } : null;
};

export type Api = <T>(route: string, method: string, path: string, options?: CallOptions) => Promise<Reply<T>>;

/**
 * A signed-in account as the web app holds one: the access token on every call, traded through the refresh
 * cookie once it gets old. The soak sends the token as a Bearer header, which the worker reads first.
 */
export const signIn = async (http: Http, baseUrl: string, email: string, password: string): Promise<Api> => {
  const login = async () => {
    const reply = await http("POST /api/auth/login", "POST", `${baseUrl}/api/auth/login`, {
      body: { email, password },
    });
    const tokens = tokensOf(reply);
    if (!tokens) throw new Error(`Login as ${email} failed: ${reply.status} ${reply.body.slice(0, 300)}`);
    return tokens;
  };
  let tokens = await login();

  const refresh = async () => {
    const reply = await http("POST /api/auth/refresh", "POST", `${baseUrl}/api/auth/refresh`, {
      headers: { Cookie: `__Host-refresh=${tokens.refresh}` },
    });
    tokens = tokensOf(reply) ?? (await login());
  };

  return async (route, method, path, options = {}) => {
    if (Date.now() - tokens.issuedAt > REFRESH_AFTER_MS) await refresh();
    return http(route, method, `${baseUrl}${path}`, {
      ...options,
      headers: { Authorization: `Bearer ${tokens.access}`, ...options.headers },
    });
  };
};
