import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../test/http";
import { placePick, updateAccount } from "../../test/players";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin, signedInPlayer, type SignedInPlayer } from "../../test/sessions";
import { apiClient, successOf } from "../../test/client";
import { RATE_LIMITS } from "../../config";
import { RATE_LIMITED_MESSAGE } from "../../lib/rate-limit";

let admin: SignedInPlayer;
beforeAll(async () => {
  admin = await signedInAdmin();
});

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

const playerRow = (userId: string) =>
  env.DB.prepare("SELECT email, username, referral_code FROM users WHERE id = ?")
    .bind(userId)
    .first<{ email: string; username: string; referral_code: string }>();

describe("share links", () => {
  it("give crawlers a pick's card and people the question (to pick while open) with the sharer's invitation, and nothing private", async () => {
    const player = await signedInPlayer(10);
    const questionId = await insertQuestion({ creditCost: 2, title: `Will "Team <A>" win & cover?` });
    const pickId = await placePick(player.userId, questionId, "yes");
    const { email, username, referral_code: code } = (await playerRow(player.userId))!;

    const response = await call(`/share/pick/${pickId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    expect(metaOf(html, "og:title")).toBe(`${username} picked Yes: Will &quot;Team &lt;A&gt;&quot; win &amp; cover?`);
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(html).toContain(
      `<meta http-equiv="refresh" content="0;url=/home?q=${questionId}&amp;action=pick&amp;ref=${code}">`,
    );
    expect(html).not.toContain(email);
    expect(html).not.toContain("<A>");

    const image = new URL(metaOf(html, "og:image")!.replaceAll("&amp;", "&"));
    expect(image.searchParams.get("v")).toBe("active-0");
    const png = await call(`${image.pathname}${image.search}`);
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect(png.headers.get("Cache-Control")).toContain("immutable");
    expect([...new Uint8Array(await png.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    await successOf(
      apiClient({ headers: admin.bearer }).admin.questions[":id"].outcome.$put({
        param: { id: questionId },
        json: { outcome: "A" },
      }),
    );
    const settled = await (await call(`/share/pick/${pickId}`)).text();
    expect(metaOf(settled, "og:image")).toContain("v=won-4");
    // A settled pick's link shows the question's result: nothing is left to pick.
    expect(settled).toContain(`<meta http-equiv="refresh" content="0;url=/home?q=${questionId}&amp;ref=${code}">`);
    // An old version, or one nobody made, is sent to the image the page now names instead of being drawn.
    for (const query of ["?v=old", "?v=made-up&x=1", ""]) {
      const stale = await call(`${image.pathname}${query}`);
      expect(stale.status).toBe(302);
      expect(stale.headers.get("Location")).toBe(metaOf(settled, "og:image")!.replaceAll("&amp;", "&"));
      expect(stale.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("draw a card's version once whatever else the query carries, and so many an hour per client address", async () => {
    const player = await signedInPlayer(10);
    const pickId = await placePick(player.userId, await insertQuestion({ creditCost: 1 }), "yes");
    const imageOf = async (page: string) =>
      new URL(metaOf(await (await call(page)).text(), "og:image")!.replaceAll("&amp;", "&"));
    const pick = await imageOf(`/share/pick/${pickId}`);
    expect((await call(`${pick.pathname}${pick.search}`)).status).toBe(200);

    const ip = "198.51.100.7";
    const key = `share-card:ip:${ip}`;
    const { limit } = RATE_LIMITS.shareCardRenderPerIp;
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(key, Date.now(), limit)
      .run();
    const headers = { "CF-Connecting-IP": ip };
    const cached = await call(`${pick.pathname}${pick.search}&utm_source=x&fbclid=abc`, { headers });
    expect(cached.status).toBe(200);
    expect(cached.headers.get("Content-Type")).toBe("image/png");
    const renders = () =>
      env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?").bind(key).first<number>("count");
    expect(await renders()).toBe(limit);

    const streak = await imageOf(`/share/streak/${player.userId}`);
    const refused = await call(`${streak.pathname}${streak.search}`, { headers });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: { code: "rate_limited", message: RATE_LIMITED_MESSAGE } });
    expect((await call(`${streak.pathname}${streak.search}`)).status).toBe(200);
  });

  it("share a streak and an all-time place, and refuse what does not exist or belongs to a deleted account", async () => {
    const player = await signedInPlayer(10);
    const questionId = await insertQuestion({ creditCost: 1 });
    await placePick(player.userId, questionId, "no");
    expect((await call(`/share/rank/${player.userId}`)).status).toBe(404);
    await successOf(
      apiClient({ headers: admin.bearer }).admin.questions[":id"].outcome.$put({
        param: { id: questionId },
        json: { outcome: "B" },
      }),
    );

    const streak = await (await call(`/share/streak/${player.userId}`)).text();
    expect(metaOf(streak, "og:title")).toMatch(/is on a 1-win streak$/);
    expect(streak).toContain("url=/home?ref=");
    const rank = await (await call(`/share/rank/${player.userId}`)).text();
    expect(metaOf(rank, "og:title")).toMatch(/is #\d+ on the Pickstreak leaderboard$/);

    expect((await call("/share/pick/no-such-pick")).status).toBe(404);
    expect((await call("/share/nothing/x")).status).toBe(404);
    await updateAccount(player.userId, "deleted_at = ?", { values: [Date.now()] });
    expect((await call(`/share/streak/${player.userId}`)).status).toBe(404);
    expect((await call(`/api/share/streak/${player.userId}/card.png`)).status).toBe(404);
  });
});
