import type { Question } from "../questions/questions.schemas";
import { cardImageUrl, previewTags } from "./preview-tags";
import { questionDescription } from "./question-preview";
import { cardVersion, type QuestionCard } from "./share.service";

/** Past this the page goes without its preview tags: a person opening the link must not wait on a slow read. */
const QUESTION_WAIT_MS = 1500;
const CONDITIONAL_HEADERS = ["If-None-Match", "If-Modified-Since"];
/** Every request asks, so the URL (absolute and already normalised) is matched as text: one segment after /questions/. */
const QUESTION_PAGE_URL = /^https?:\/\/[^/]+\/questions\/([^/?#]+)(?:\?|$)/;

/** The question a page address names: its id, "" for one that cannot be an id (bad escapes), null for other pages. */
export const questionPageId = (request: Request) => {
  const segment = QUESTION_PAGE_URL.exec(request.url)?.[1];
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
};

type Found = { found: true; question: Question } | { found: false } | null;

/**
 * The question as a visitor reads it (GET /api/questions/:id through the app itself): found, not there (a 404, or an
 * id the API refuses), or null when it could not be read in time.
 */
const readQuestion = async (request: Request, id: string, api: (request: Request) => Promise<Response>) => {
  if (id === "") return { found: false } as const;
  const url = new URL(`/api/questions/${encodeURIComponent(id)}`, request.url);
  const read = api(new Request(url)).then(async (response): Promise<Found> => {
    if (response.status === 404 || response.status === 400) {
      await response.body?.cancel();
      return { found: false };
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      return null;
    }
    return { found: true, question: ((await response.json()) as { question: Question }).question };
  });
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), QUESTION_WAIT_MS));
  return Promise.race([read, late]).catch(() => null);
};

const cardOf = (question: Question): QuestionCard => ({
  kind: "question",
  questionId: question.id,
  title: question.title,
  answerOptionA: question.answerOptionA,
  answerOptionB: question.answerOptionB,
  category: question.category,
  outcome: question.outcome,
  updatedAt: question.updatedAt,
});

const withTags = (page: Response, card: QuestionCard, appUrl: string) => {
  const tags = previewTags({
    title: card.title,
    description: questionDescription(card),
    url: `${appUrl}/questions/${encodeURIComponent(card.questionId)}`,
    image: cardImageUrl(appUrl, "question", card.questionId, cardVersion(card)),
  });
  return (
    new HTMLRewriter()
      // Text, which the rewriter escapes; the tags carry their own description.
      .on("title", { element: (title) => void title.setInnerContent(`${card.title} · Pickstreak`) })
      .on('meta[name="description"]', { element: (meta) => void meta.remove() })
      .on("head", { element: (head) => void head.append(tags, { html: true }) })
      .transform(page)
  );
};

/**
 * /questions/<id>: the app's index.html, as for any page of the app, carrying the question's link preview (its title,
 * its result or options, its share card as the image) for the chats and sites that show a pasted link; a 404 when no
 * visitor may see the question (the app then shows its own "not found"). When the question cannot be read in time the
 * page goes as it is: the app reads the question itself.
 */
export const serveQuestionPage = async (
  request: Request,
  id: string,
  assets: Fetcher,
  api: (request: Request) => Promise<Response>,
  appUrl: string,
): Promise<Response> => {
  // Each question's page differs from index.html: a 304 for the plain page (or another question's) would be wrong.
  const headers = new Headers(request.headers);
  for (const name of CONDITIONAL_HEADERS) headers.delete(name);
  const [page, read] = await Promise.all([
    assets.fetch(new Request(request, { headers })),
    readQuestion(request, id, api),
  ]);
  if (read === null || page.status !== 200 || !page.headers.get("Content-Type")?.startsWith("text/html")) return page;
  const answer = read.found ? withTags(page, cardOf(read.question), appUrl) : page;
  const response = new Response(answer.body, { status: read.found ? 200 : 404, headers: answer.headers });
  for (const name of ["Content-Length", "ETag", "Last-Modified"]) response.headers.delete(name);
  return response;
};
