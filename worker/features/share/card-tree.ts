import type { CardNode } from "./render-card";
import { resultLabel } from "./question-preview";
import type { QuestionCard, ShareCard } from "./share.service";

const BRAND = "#15803d";

const node = (style: Record<string, string | number>, children?: CardNode["props"]["children"]): CardNode => ({
  type: "div",
  props: { style: { display: "flex", ...style }, ...(children === undefined ? {} : { children }) },
});

const RESULTS = { active: "Waiting for the result", won: "Won", lost: "Lost", void: "Void: refunded" } as const;

const MAX_TITLE = 110;

const clip = (text: string) => (text.length > MAX_TITLE ? `${text.slice(0, MAX_TITLE - 1).trimEnd()}…` : text);

const headline = (card: ShareCard) => {
  if (card.kind === "pick" || card.kind === "question") return clip(card.title);
  if (card.kind === "streak") return `${card.currentStreak} ${card.currentStreak === 1 ? "win" : "wins"} in a row`;
  return `#${card.rank} of ${card.totalUsers} on the all-time board`;
};

/** Nothing that changes without the question changing (the deadline passing): the card's version would not follow. */
const questionDetail = (card: QuestionCard) => {
  if (card.outcome === "void") return "Void: every pick refunded";
  const result = resultLabel(card);
  return result === null ? `${card.answerOptionA} or ${card.answerOptionB}?` : `Result: ${result}`;
};

const detail = (card: ShareCard) => {
  if (card.kind === "question") return questionDetail(card);
  if (card.kind === "pick")
    return `${card.username} picked ${card.choiceLabel} · ${RESULTS[card.status]}${card.status === "won" ? ` +${card.payout}` : ""}`;
  if (card.kind === "streak") return `${card.username}'s streak · best ${card.maxStreak}`;
  return `${card.username}'s place on the leaderboard`;
};

/** The card: the app's name, the headline (the question, the streak or the place), the player and result, the invitation. */
export const cardTree = (card: ShareCard): CardNode =>
  node(
    {
      width: "100%",
      height: "100%",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: 64,
      background: "#f8fafc",
      fontFamily: "Inter",
      color: "#0f172a",
    },
    [
      node({ alignItems: "center", fontSize: 40, fontWeight: 700 }, [
        node({ width: 56, height: 56, borderRadius: 12, background: BRAND, marginRight: 16 }),
        node({}, "Pick"),
        node({ color: BRAND }, "streak"),
      ]),
      node({ flexDirection: "column" }, [
        node(
          {
            fontSize: card.kind === "pick" || card.kind === "question" ? 56 : 88,
            fontWeight: 700,
            lineHeight: 1.15,
            // A title may be one long word, which would otherwise run off the card.
            wordBreak: "break-word",
          },
          headline(card),
        ),
        node({ marginTop: 24, fontSize: 36, color: "#334155" }, detail(card)),
      ]),
      node({ fontSize: 30, color: BRAND, fontWeight: 700 }, "Make your own picks: free credits to start"),
    ],
  );
