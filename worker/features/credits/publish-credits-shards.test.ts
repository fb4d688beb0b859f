import { describe, expect, it, vi } from "vitest";
import { messagesOfFrame, type LiveMessage } from "#shared/live-messages";
import { dataContext } from "../../db/data-context";
import { call } from "../../test/http";
import { signedInPlayerPerShard } from "../../test/shard-players";
import { twoShardEnv } from "../../test/shards";
import { publishCredits } from "./publish-credits";

const shards = twoShardEnv();

/** The player's live socket, opened through the worker with the two-shard map (their session is in their shard). */
const listen = async (bearer: Record<string, string>) => {
  const response = await call("/api/live", { headers: { Upgrade: "websocket", ...bearer }, env: shards });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  socket.accept();
  const messages: LiveMessage[] = [];
  socket.addEventListener("message", (event) => {
    messages.push(...messagesOfFrame(String(event.data)));
  });
  return { socket, messages };
};

describe("publishing a balance with players over two shards", () => {
  it("reads each player's credits from their own shard", async () => {
    for (const player of await signedInPlayerPerShard(shards, 20)) {
      const tab = await listen(player.bearer);
      await publishCredits(dataContext(shards), shards, player.userId);
      await vi.waitFor(() => expect(tab.messages.some((message) => message.type === "credits")).toBe(true));
      expect(tab.messages.filter((message) => message.type === "credits")).toEqual([
        { type: "credits", data: { balance: 20, totalEarned: 20, totalSpent: 0, redeemable: 0 } },
      ]);
      tab.socket.close();
    }
  });
});
