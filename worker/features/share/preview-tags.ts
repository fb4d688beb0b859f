import { CARD_HEIGHT, CARD_WIDTH } from "./render-card";

export const CARD_KINDS = ["pick", "streak", "rank", "question"] as const;
export type CardKind = (typeof CARD_KINDS)[number];

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** The one URL of a card's image: what pages name, where a wrong version is sent, what the cache is keyed by. */
export const cardImageUrl = (origin: string, kind: CardKind, id: string, version: string) =>
  `${origin}/api/share/${kind}/${encodeURIComponent(id)}/card.png?v=${encodeURIComponent(version)}`;

type Preview = { title: string; description: string; url: string; image: string };

/**
 * What a link preview is read from (Open Graph and Twitter card tags, the canonical address), every value escaped:
 * titles are players' and admins' text. The same for a share link's page and a question's page.
 */
export const previewTags = (preview: Preview) => {
  const [title, description, url, image] = [preview.title, preview.description, preview.url, preview.image].map(
    escapeHtml,
  );
  return `<meta name="description" content="${description}">
<link rel="canonical" href="${url}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Pickstreak">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${url}">
<meta property="og:image" content="${image}">
<meta property="og:image:width" content="${CARD_WIDTH}">
<meta property="og:image:height" content="${CARD_HEIGHT}">
<meta property="og:image:alt" content="${title}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${description}">
<meta name="twitter:image" content="${image}">`;
};
