import { env } from "cloudflare:test";
import { expect } from "vitest";
import { apiClient, bodyAt } from "./client";

/** `env`: the environment to run in (twoShardEnv() for players spread over two shards). */
export type SignupOptions = {
  password?: string;
  country?: string;
  username?: string;
  ref?: string;
  ip?: string;
  env?: Env;
};

export type TestAccount = {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** Send as request headers to act as this user through the cookies. */
  cookies: { Cookie: string };
  /** Send as request headers to act as this user through the Authorization header. */
  bearer: { Authorization: string };
};

export const DEFAULT_PASSWORD = "password123";

/** name -> value of every cookie a response sets (an empty value is a deletion). */
export const responseCookies = (response: { headers: Headers }): Record<string, string> =>
  Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      return [pair.slice(0, index), decodeURIComponent(pair.slice(index + 1))];
    }),
  );

export const sessionHeaders = (accessToken: string, refreshToken: string) => ({
  Cookie: `__Host-access=${accessToken}; __Host-refresh=${refreshToken}`,
});

export const outboxFor = async (to: string) => {
  const { results } = await env.DB.prepare(
    "SELECT subject, text FROM email_outbox WHERE to_email = ? ORDER BY created_at DESC, rowid DESC",
  )
    .bind(to)
    .all<{ subject: string; text: string }>();
  return results;
};

/** The token of a link in the newest email to `to` (`confirm` for confirmation links, `token` for reset links). */
export const tokenFromLatestEmail = async (to: string, param: "confirm" | "token") => {
  const [latest] = await outboxFor(to);
  const link = latest?.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).searchParams.has(param));
  if (!link) throw new Error(`No email to ${to} with a ${param} link`);
  return new URL(link).searchParams.get(param) ?? "";
};

export const signUp = (email: string, options: SignupOptions = {}) =>
  apiClient({ headers: options.ip ? { "CF-Connecting-IP": options.ip } : {}, env: options.env }).auth.signup.$post({
    json: {
      email,
      password: options.password ?? DEFAULT_PASSWORD,
      country: options.country ?? "US",
      ageConfirmed: true,
      username: options.username,
      ref: options.ref,
    },
  });

/** Signs up, follows the confirmation link from the outbox (which signs in) and returns the session. */
export const signUpAndLogin = async (email: string, options: SignupOptions = {}): Promise<TestAccount> => {
  const signup = await signUp(email, options);
  expect(signup.status).toBe(201);
  const token = await tokenFromLatestEmail(email, "confirm");
  const response = await apiClient({ env: options.env }).auth.confirm.$post({ json: { token } });
  expect(response.status).toBe(200);
  const { user } = await bodyAt(response, 200);
  const cookies = responseCookies(response);
  const accessToken = cookies["__Host-access"] ?? "";
  const refreshToken = cookies["__Host-refresh"] ?? "";
  return {
    userId: user.id,
    email,
    password: options.password ?? DEFAULT_PASSWORD,
    accessToken,
    refreshToken,
    cookies: sessionHeaders(accessToken, refreshToken),
    bearer: { Authorization: `Bearer ${accessToken}` },
  };
};
