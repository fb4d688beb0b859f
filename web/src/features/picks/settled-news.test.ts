import { describe, expect, it } from "vitest";
import { settledAfter, settledNews } from "./settled-news";

const pick = (
  status: "active" | "won" | "lost" | "void",
  updatedAt: number,
  actualPayout = 0,
  title = "Lakers win",
) => ({
  status,
  updatedAt,
  actualPayout,
  question: { title },
});

describe("settledAfter", () => {
  it("keeps settled picks newer than the last news, oldest first", () => {
    const picks = [pick("won", 30, 4), pick("active", 40), pick("lost", 10), pick("lost", 20)];
    expect(settledAfter(picks, 15).map((p) => p.updatedAt)).toEqual([20, 30]);
  });
});

describe("settledNews", () => {
  it("celebrates one win with its credits and question", () => {
    expect(settledNews([pick("won", 1, 4)], false)).toEqual({
      tone: "win",
      title: "You won 4 credits!",
      lines: ["Lakers win"],
    });
  });

  it("tells a loss and a void quietly", () => {
    expect(settledNews([pick("lost", 1)], false)).toEqual({
      tone: "quiet",
      title: "Not this time",
      lines: ["Lakers win"],
    });
    expect(settledNews([pick("void", 1, 3)], false)).toEqual({
      tone: "quiet",
      title: "3 credits refunded",
      lines: ["Lakers win was voided."],
    });
  });

  it("sums up what settled while the player was away", () => {
    const news = settledNews([pick("won", 1, 4), pick("won", 2, 1), pick("lost", 3), pick("void", 4, 2)], true);
    expect(news).toEqual({
      tone: "win",
      title: "While you were away",
      lines: ["2 picks won: +5 credits", "1 pick lost", "1 pick voided and refunded"],
    });
    expect(settledNews([pick("lost", 3)], true)).toEqual({
      tone: "quiet",
      title: "While you were away",
      lines: ["1 pick lost"],
    });
  });

  it("has nothing to say about nothing", () => {
    expect(settledNews([], true)).toBeNull();
  });
});
