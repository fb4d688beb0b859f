import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { RATE_LIMITS } from "../../config";
import type { DataContext } from "../../db/data-context";
import type { AppEnv } from "../../env";
import { errorResponses, publicRoute } from "../../lib/openapi";
import { enforceIpRateLimit } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { cardTree } from "./card-tree";
import { CARD_KINDS, cardImageUrl, escapeHtml, previewTags, type CardKind } from "./preview-tags";
import { questionDescription } from "./question-preview";
import { renderCard } from "./render-card";
import {
  cardVersion,
  readPickCard,
  readQuestionCard,
  readRankCard,
  readStreakCard,
  type ShareCard,
} from "./share.service";

const cardParams = z.object({
  kind: z
    .enum(CARD_KINDS)
    .openapi({ description: "A pick, a player's streak, their all-time place, or a question (its page's preview)" }),
  id: z.string().min(1).max(100).openapi({
    description: "The pick's id, the player's id for a streak or a place, or the question's id",
  }),
});

const READERS: Record<CardKind, (data: DataContext, id: string) => Promise<ShareCard>> = {
  pick: readPickCard,
  streak: readStreakCard,
  rank: readRankCard,
  question: readQuestionCard,
};

const imageRoute = createRoute({
  method: "get",
  path: "/{kind}/{id}/card.png",
  operationId: "getShareCard",
  summary: "A share card's image (1200 x 630 PNG), as link previews show it",
  description:
    "For link previews of a shared pick, streak, leaderboard place or question: the card's image at the version its " +
    "share page names. Another version is redirected to the current one; drawing a card is limited per address.",
  security: publicRoute,
  tags: ["Share"],
  request: {
    params: cardParams,
    query: z.object({
      v: z.string().max(100).optional().openapi({ description: "The card's version, as its share page names it" }),
    }),
  },
  responses: {
    200: { description: "The card", content: { "image/png": { schema: z.string().openapi({ format: "binary" }) } } },
    302: {
      description: "Another version (or none) was asked for: the URL of the card as it is now",
      headers: {
        Location: {
          description: "The card's URL at its current version",
          required: true,
          schema: { type: "string", format: "uri" },
        },
      },
    },
    ...errorResponses("validation_failed", "not_found", "rate_limited"),
  },
});

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=300";

/**
 * Drawn once per version at each edge location: the version names what the card shows, so a cached image is never
 * stale. Only the current version is ever drawn (any other is sent to it), and the cache key leaves out every other
 * query parameter, so no URL a client makes up costs a drawing. Drawings (0.1-0.2 s of CPU each) are limited per
 * client address; a cached card is served to anyone.
 */
export const shareImageRoutes = createRouter().openapi(imageRoute, async (c) => {
  const { kind, id } = c.req.valid("param");
  const { v } = c.req.valid("query");
  const cache = caches.default;
  const key = new Request(cardImageUrl(new URL(c.req.url).origin, kind, id, v ?? ""));
  const hit = await cache.match(key);
  if (hit) return c.body(await hit.arrayBuffer(), 200, Object.fromEntries(hit.headers));
  const card = await READERS[kind](c.var.data, id);
  const version = cardVersion(card);
  if (v !== version) {
    c.header("Cache-Control", "no-store");
    return c.redirect(cardImageUrl(c.var.settings.APP_URL, kind, id, version), 302);
  }
  await enforceIpRateLimit(c, "share-card", RATE_LIMITS.shareCardRenderPerIp);
  const png = await renderCard(cardTree(card));
  const headers = { "Content-Type": "image/png", "Cache-Control": IMMUTABLE };
  c.executionCtx.waitUntil(cache.put(key, new Response(png, { headers })));
  return c.body(png, 200, headers);
});

const titleOf = (card: ShareCard) => {
  if (card.kind === "pick") return `${card.username} picked ${card.choiceLabel}: ${card.title}`;
  if (card.kind === "streak") return `${card.username} is on a ${card.currentStreak}-win streak`;
  if (card.kind === "question") return card.title;
  return `${card.username} is #${card.rank} on the Pickstreak leaderboard`;
};

const DESCRIPTION =
  "Free sports picks: answer two-option questions, build your streak and climb the leaderboard. Join with my invite for bonus credits.";

/**
 * Where a person who opens the link lands: the question (to pick while the pick is open, to see the result once it is
 * settled) or the feed, with the sharer's invitation kept; a question's own card (no sharer) leads to its page.
 */
const landingOf = (card: ShareCard) => {
  if (card.kind === "question") return `/questions/${encodeURIComponent(card.questionId)}`;
  const question =
    card.kind === "pick" ? { q: card.questionId, ...(card.status === "active" ? { action: "pick" } : {}) } : {};
  const params = new URLSearchParams(question);
  params.set("ref", card.referralCode);
  return `/home?${params}`;
};

const page = (c: Context<AppEnv>, card: ShareCard, kind: CardKind, id: string) => {
  const appUrl = c.var.settings.APP_URL;
  const title = titleOf(card);
  const tags = previewTags({
    title,
    description: card.kind === "question" ? questionDescription(card) : DESCRIPTION,
    url: `${appUrl}/share/${kind}/${encodeURIComponent(id)}`,
    image: cardImageUrl(appUrl, kind, id, cardVersion(card)),
  });
  const landing = escapeHtml(landingOf(card));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)} · Pickstreak</title>
${tags}
<meta http-equiv="refresh" content="0;url=${landing}">
</head>
<body>
<p><a href="${landing}">Open Pickstreak</a></p>
</body>
</html>`;
};

/**
 * The link people share: crawlers read its Open Graph and Twitter card tags (the image above), people are sent on
 * into the app. Public and cached briefly: it shows nothing a public leaderboard or activity feed does not.
 */
export const sharePageRoutes = createRouter().get("/:kind/:id", async (c) => {
  const parsed = cardParams.safeParse(c.req.param());
  if (!parsed.success) return c.notFound();
  const { kind, id } = parsed.data;
  const card = await READERS[kind](c.var.data, id);
  c.header("Cache-Control", SHORT);
  return c.html(page(c, card, kind, id));
});
