import { describe, expect, it } from "vitest";
import { messagesOfFrame } from "./live-messages";

describe("messagesOfFrame", () => {
  const question = { type: "question.updated", data: { id: "q1" } };

  it("reads every message of a frame, in order", () => {
    const credits = { type: "credits", data: { balance: 8, totalEarned: 0, totalSpent: 2, redeemable: 0 } };
    expect(messagesOfFrame(JSON.stringify([credits, question]))).toEqual([credits, question]);
  });

  it("skips a message it does not understand and keeps the others", () => {
    expect(messagesOfFrame(JSON.stringify([{ type: "from-the-future", data: {} }, question]))).toEqual([question]);
  });

  it("reads nothing from a frame that is not an array of messages", () => {
    expect(messagesOfFrame(JSON.stringify(question))).toEqual([]);
    expect(messagesOfFrame("pong")).toEqual([]);
  });
});
