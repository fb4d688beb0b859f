import { describe, expect, it, vi } from "vitest";
import { messagesOfFrame } from "./live-messages";

const schemaBuilds = vi.hoisted(() => ({ count: 0 }));
vi.mock("zod/mini", async (importOriginal) => {
  const zod = await importOriginal<typeof import("zod/mini")>();
  return {
    ...zod,
    discriminatedUnion: (...args: Parameters<typeof zod.discriminatedUnion>) => {
      schemaBuilds.count += 1;
      return zod.discriminatedUnion(...args);
    },
  };
});

describe("messagesOfFrame", () => {
  const question = { type: "question.updated", data: { id: "q1" } };

  it("reads every message of a frame, in order", () => {
    const credits = { type: "credits", data: { balance: 8, totalEarned: 0, totalSpent: 2, redeemable: 0 } };
    expect(messagesOfFrame(JSON.stringify([credits, question]))).toEqual([credits, question]);
  });

  it("skips a message it does not understand and keeps the others", () => {
    expect(messagesOfFrame(JSON.stringify([{ type: "from-the-future", data: {} }, question]))).toEqual([question]);
  });

  it("builds its schema at the first frame it reads, not when the module loads, and once", async () => {
    vi.resetModules();
    schemaBuilds.count = 0;
    const fresh = await import("./live-messages");
    expect(schemaBuilds.count).toBe(0);
    expect(fresh.messagesOfFrame(JSON.stringify([question]))).toEqual([question]);
    expect(fresh.messagesOfFrame(JSON.stringify([question]))).toEqual([question]);
    expect(schemaBuilds.count).toBe(1);
  });

  it("reads nothing from a frame that is not an array of messages", () => {
    expect(messagesOfFrame(JSON.stringify(question))).toEqual([]);
    expect(messagesOfFrame("pong")).toEqual([]);
  });
});
