import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";

let admin: TestAccount;
let player: TestAccount;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
  player = await signUpAndLogin("player@example.com");
  const base = Date.now();
  await env.DB.batch(
    Array.from({ length: 55 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO contact_messages (id, name, email, subject, message, created_at) VALUES (?, 'Sam', 'sam@example.com', ?, 'Hi', ?)",
      ).bind(`msg-${String(i).padStart(2, "0")}`, `Subject ${i}`, base - (i % 50) * 1000),
    ),
  );
});

const list = (headers: Record<string, string>, cursor?: string) =>
  apiClient({ headers }).admin["contact-messages"].$get({ query: cursor ? { cursor } : {} });

describe("GET /api/admin/contact-messages", () => {
  it("answers 401 signed out and 403 for a player", async () => {
    const anonymous = await list({});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: "unauthorized", message: "Please log in to continue" } });
    const forbidden = await list(player.cookies);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: { code: "forbidden", message: "Permission denied" } });
  });

  it("pages every message newest first for the ADMIN_EMAILS user", async () => {
    const first = await successOf(list(admin.bearer));
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await successOf(list(admin.bearer, first.body.nextCursor!));
    expect(second.body.items).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();

    const all = [...first.body.items, ...second.body.items];
    expect(new Set(all.map((item) => item.id)).size).toBe(55);
    const order = all.map((item) => [item.createdAt, item.id] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1));
    expect(order).toEqual(sorted);
  });

  it("refuses a malformed cursor", async () => {
    const refused = await list(admin.bearer, "%%%");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: "Invalid cursor" } });
  });
});
