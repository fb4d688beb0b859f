import { env } from "cloudflare:test";
import { inEveryTestShard } from "../../test/players";
import { describe, expect, it, vi } from "vitest";
import { LIVE_SOCKETS_PER_IP, LIVE_SOCKETS_PER_USER, REFRESH_REUSE_GRACE_MS } from "../../config";
import { LIVE_CLOSE } from "../../realtime/live-hub";
import { hubFor, publishToUser, hubOfUser, hubOfSocket } from "../../realtime/live-hubs";
import {
  DEFAULT_PASSWORD,
  responseCookies,
  sessionHeaders,
  signUpAndLogin,
  tokenFromLatestEmail,
} from "../../test/accounts";
import { call, callJson } from "../../test/http";
import { closeCode, connect, types, type Listener } from "../../test/live";
import { deleteAccount } from "../../test/account-deletion";

const credits = { type: "credits", data: { balance: 1, totalEarned: 1, totalSpent: 0, redeemable: 0 } } as const;

/**
 * Publishes a balance to the user and reports which of the listeners received it, once every listener still open has:
 * a closed one cannot.
 */
const reached = async (userId: string, listeners: Listener[]) => {
  await publishToUser(env, userId, [credits]);
  const open = listeners.filter((listener) => listener.socket.readyState === WebSocket.OPEN);
  await vi.waitFor(() => expect(open.every((listener) => types(listener).includes("credits"))).toBe(true));
  return listeners.map((listener) => types(listener).includes("credits"));
};

const login = async (email: string) => {
  const response = await call("/api/auth/login", { method: "POST", json: { email, password: DEFAULT_PASSWORD } });
  expect(response.status).toBe(200);
  const cookies = responseCookies(response);
  return {
    cookies: sessionHeaders(cookies["__Host-access"] ?? "", cookies["__Host-refresh"] ?? ""),
    refresh: cookies["__Host-refresh"] ?? "",
  };
};

describe("live sockets end with the sessions that opened them", () => {
  it("closes every socket of a user who signs out (all sessions), and no one else's", async () => {
    const ann = await signUpAndLogin("ann-live-out@example.com");
    const other = await signUpAndLogin("other-live-out@example.com");
    const [tab, phone, bystander] = await Promise.all([
      connect({ headers: ann.cookies }),
      connect({ headers: ann.bearer }),
      connect({ headers: other.cookies }),
    ]);
    expect((await call("/api/auth/logout", { method: "POST", headers: ann.cookies })).status).toBe(200);
    expect(await closeCode(tab)).toBe(LIVE_CLOSE.signedOut.code);
    expect(await closeCode(phone)).toBe(LIVE_CLOSE.signedOut.code);
    expect(await reached(ann.userId, [tab, phone])).toEqual([false, false]);
    expect(await reached(other.userId, [bystander])).toEqual([true]);
    expect(bystander.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("closes a user's sockets when the password is reset", async () => {
    const ben = await signUpAndLogin("ben-live-reset@example.com");
    const tab = await connect({ headers: ben.cookies });
    await callJson("/api/auth/password-reset", { method: "POST", json: { email: ben.email } });
    const token = await tokenFromLatestEmail(ben.email, "token");
    const reset = await call("/api/auth/password-reset/complete", {
      method: "POST",
      json: { token, password: "a-new-password" },
    });
    expect(reset.status).toBe(200);
    expect(await closeCode(tab)).toBe(LIVE_CLOSE.signedOut.code);
    expect(await reached(ben.userId, [tab])).toEqual([false]);
  });

  it("closes a user's sockets when the account is deleted", async () => {
    const cat = await signUpAndLogin("cat-live-delete@example.com");
    const tab = await connect({ headers: cat.cookies });
    expect((await deleteAccount(cat.cookies)).status).toBe(200);
    expect(await closeCode(tab)).toBe(LIVE_CLOSE.signedOut.code);
  });

  it("closes only the sockets of a session revoked for a replayed refresh token", async () => {
    const dan = await signUpAndLogin("dan-live-theft@example.com");
    const laptop = await login(dan.email);
    const [stolenTab, laptopTab] = await Promise.all([
      connect({ headers: dan.cookies }),
      connect({ headers: laptop.cookies }),
    ]);
    const refresh = (token: string) =>
      call("/api/auth/refresh", { method: "POST", headers: { Cookie: `__Host-refresh=${token}` } });
    expect((await refresh(dan.refreshToken)).status).toBe(200);
    await inEveryTestShard(
      "UPDATE refresh_tokens SET used_at = used_at - ? WHERE used_at IS NOT NULL",
      REFRESH_REUSE_GRACE_MS + 1000,
    );
    expect((await refresh(dan.refreshToken)).status).toBe(401);
    expect(await closeCode(stolenTab)).toBe(LIVE_CLOSE.signedOut.code);
    expect(await reached(dan.userId, [laptopTab])).toEqual([true]);
    expect(laptopTab.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe("live socket caps", () => {
  it(`keeps at most ${LIVE_SOCKETS_PER_USER} sockets per user, closing the oldest`, async () => {
    const eve = await signUpAndLogin("eve-live-cap@example.com");
    const tabs: Listener[] = [];
    for (let i = 0; i <= LIVE_SOCKETS_PER_USER; i++) tabs.push(await connect({ headers: eve.cookies }));
    const [oldest, ...rest] = tabs;
    if (!oldest) throw new Error("no socket");
    expect(await closeCode(oldest)).toBe(LIVE_CLOSE.tooMany.code);
    const delivered = await hubFor(env, hubOfUser(eve.userId)).deliver([{ userId: eve.userId, messages: [credits] }]);
    expect(delivered).toBe(LIVE_SOCKETS_PER_USER);
    await vi.waitFor(() => expect(rest.every((tab) => types(tab).includes("credits"))).toBe(true));
  });

  it(`refuses more than ${LIVE_SOCKETS_PER_IP} open sockets from one IP, with our error shape`, async () => {
    const ip = "203.0.113.77";
    const opened = await Promise.all(Array.from({ length: LIVE_SOCKETS_PER_IP }, () => connect({ ip })));
    const refused = await callJson("/api/live", { headers: { Upgrade: "websocket", "CF-Connecting-IP": ip } });
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get("Retry-After")).toBe("30");
    expect(refused.body).toEqual({
      error: { code: "rate_limited", message: "Too many requests. Please try again later." },
    });
    expect(
      (await call("/api/live", { headers: { Upgrade: "websocket", "CF-Connecting-IP": "203.0.113.78" } })).status,
    ).toBe(101);

    const [first] = opened;
    first?.socket.close(1000, "bye");
    if (first) await first.closed;
    // The IP's count drops once its hub has seen the close.
    await vi.waitFor(() => connect({ ip }));
  });

  it(`counts an IP's sockets across hubs: ${LIVE_SOCKETS_PER_IP} in all, however many accounts hold them`, async () => {
    const ip = "198.51.100.23";
    const names = ["ivy", "jon", "kim", "lea", "max"];
    const accounts = await Promise.all(names.map((name) => signUpAndLogin(`${name}-live-ip@example.com`)));
    const [late, ...holders] = accounts;
    if (!late) throw new Error("no account");
    // Under the cap in every hub: the signed-in sockets sit in their users' hubs, the visitors' in the IP's.
    const visitors = LIVE_SOCKETS_PER_IP - holders.length * LIVE_SOCKETS_PER_USER;
    const hubs = new Set([hubOfSocket(null, ip), ...holders.map((account) => hubOfUser(account.userId))]);
    expect(hubs.size).toBeGreaterThan(1);
    const opened = await Promise.all([
      ...holders.flatMap((account) =>
        Array.from({ length: LIVE_SOCKETS_PER_USER }, () => connect({ headers: account.cookies, ip })),
      ),
      ...Array.from({ length: visitors }, () => connect({ ip })),
    ]);
    expect(opened).toHaveLength(LIVE_SOCKETS_PER_IP);

    const upgrade = { Upgrade: "websocket", "CF-Connecting-IP": ip };
    const refused = await call("/api/live", { headers: { ...upgrade, ...late.cookies } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: { code: "rate_limited", message: "Too many requests. Please try again later." },
    });

    const visitor = opened.at(-1);
    visitor?.socket.close(1000, "bye");
    if (visitor) await visitor.closed;
    await connect({ headers: late.cookies, ip });
    expect((await call("/api/live", { headers: upgrade })).status).toBe(429);
  });
});
