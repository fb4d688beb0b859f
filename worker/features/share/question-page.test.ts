import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, successOf } from "../../test/client";
import { call } from "../../test/http";
import { insertQuestion } from "../../test/questions";
import { signedInAdmin, type SignedInPlayer } from "../../test/sessions";
import { questionPageId } from "./question-page";

/** The built index.html's head as far as these tags care: its title, description and the route-code map. */
const SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="Pickstreak: make picks on sports questions." />
<title>Pickstreak</title>
<script type="application/json" id="route-code">{"/picks":["/assets/picks-abc.js"]}</script>
</head><body><div id="root"></div></body></html>`;
const SHELL_HEADERS = { "Content-Type": "text/html", ETag: '"shell"', "Cache-Control": "public, max-age=0" };

/** The asset binding as wrangler.toml has it for a page path: index.html for /, with the headers _headers gives it. */
const site = () => {
  const asked: Request[] = [];
  const assets = {
    fetch: async (input: Request) => {
      asked.push(input);
      return new URL(input.url).pathname === "/"
        ? new Response(SHELL, { headers: SHELL_HEADERS })
        : new Response(null, { status: 404 });
    },
  } as unknown as Fetcher;
  return { asked, env: { ...env, ASSETS: assets } };
};

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&#39;": "'" };
const unescapeHtml = (text: string) =>
  text.replace(/&(?:lt|gt|amp|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

let admin: SignedInPlayer;
beforeAll(async () => {
  admin = await signedInAdmin();
});

describe("a question's page, /questions/:id", () => {
  it("is known from its address alone", () => {
    const ids = ["http://h/questions/abc", "http://h/questions/a%20b?ref=X", "https://h.example/questions/q-1?"];
    expect(ids.map((url) => questionPageId(new Request(url)))).toEqual(["abc", "a b", "q-1"]);
    const others = ["http://h/questions", "http://h/questions/", "http://h/questions/a/b", "http://h/api/questions/a"];
    expect(others.map((url) => questionPageId(new Request(url)))).toEqual([null, null, null, null]);
    expect(questionPageId(new Request("http://h/questions/%E0%A4%A"))).toBe("");
  });

  it("is the app's page carrying the question's link preview, every value escaped, its image the question's share card", async () => {
    const title = `Will "Team <A>" </title><script>alert(1)</script> win & cover?`;
    const questionId = await insertQuestion({ title, sportCategory: "NBA", answerOptionA: "Yes", answerOptionB: "No" });
    const { env: withShell, asked } = site();
    const response = await call(`/questions/${questionId}?ref=ABCD2345`, {
      env: withShell,
      headers: { "If-None-Match": '"shell"' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("ETag")).toBeNull();
    // The page is index.html as the asset layer gives it, asked for whole (never a 304 for another page's copy).
    expect(asked.map((request) => new URL(request.url).pathname)).toEqual(["/"]);
    expect(asked[0]?.headers.get("If-None-Match")).toBeNull();
    const html = await response.text();

    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain("<A>");
    expect(html).toContain(
      '<script type="application/json" id="route-code">{"/picks":["/assets/picks-abc.js"]}</script>',
    );
    expect(html).toContain('<div id="root"></div>');
    expect(/<title>(.*?)<\/title>/s.exec(html)?.[1]).toBe(
      'Will "Team &lt;A&gt;" &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; win &amp; cover? · Pickstreak',
    );
    expect(unescapeHtml(metaOf(html, "og:title") ?? "")).toBe(title);
    expect(unescapeHtml(metaOf(html, "twitter:title") ?? "")).toBe(title);
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(metaOf(html, "og:description")).toBe(
      "NBA · Yes or No? Make your pick on Pickstreak: free sports picks, build your streak.",
    );
    // One description: the page's own, in place of index.html's.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaOf(html, "og:url")).toBe(`http://localhost:8787/questions/${questionId}`);

    const image = new URL(unescapeHtml(metaOf(html, "og:image") ?? ""));
    expect(image.pathname).toBe(`/api/share/question/${questionId}/card.png`);
    expect(metaOf(html, "twitter:image")).toBe(metaOf(html, "og:image"));
    const png = await call(`${image.pathname}${image.search}`);
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect([...new Uint8Array(await png.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it("previews the result once set, under a card of its own version", async () => {
    const questionId = await insertQuestion({
      answerOptionA: "Lakers",
      answerOptionB: "Celtics",
      sportCategory: "NBA",
    });
    const imageOf = async () =>
      metaOf(await (await call(`/questions/${questionId}`, { env: site().env })).text(), "og:image");
    const before = await imageOf();
    await successOf(
      apiClient({ headers: admin.bearer }).admin.questions[":id"].outcome.$put({
        param: { id: questionId },
        json: { outcome: "B" },
      }),
    );
    const html = await (await call(`/questions/${questionId}`, { env: site().env })).text();
    expect(metaOf(html, "og:description")).toBe("NBA · Result: Celtics. See how the crowd picked on Pickstreak.");
    expect(metaOf(html, "og:image")).not.toBe(before);
    const stale = new URL(unescapeHtml(before ?? ""));
    const moved = await call(`${stale.pathname}${stale.search}`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(unescapeHtml(metaOf(html, "og:image") ?? ""));
  });

  it.each([
    ["an id no question has", "/questions/no-such-question"],
    ["an id the API refuses", `/questions/${"x".repeat(101)}`],
    ["a bad escape", "/questions/%E0%A4%A"],
  ])("is a 404 for %s: the app's page, which shows its own not-found, with no preview", async (_case, path) => {
    const response = await call(path, { env: site().env });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(metaOf(html, "og:title")).toBeUndefined();
  });

  it("is a 404 for a question no visitor may see, and its share card is refused", async () => {
    const draft = await insertQuestion({ status: "draft", title: "A draft nobody may see yet" });
    const response = await call(`/questions/${draft}`, { env: site().env });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("A draft nobody may see yet");
    expect((await call(`/api/share/question/${draft}/card.png`)).status).toBe(404);
  });

  it("has a share link of its own, which sends people to the page", async () => {
    const questionId = await insertQuestion({ title: "Shared from its card" });
    const html = await (await call(`/share/question/${questionId}`)).text();
    expect(metaOf(html, "og:title")).toBe("Shared from its card");
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=/questions/${questionId}">`);
  });
});
