import { describe, expect, it } from "vitest";
import { createHubRoster } from "./hub-roster";

const shardsOf = (due: { shard: number }[]) => due.map(({ shard }) => shard);

describe("createHubRoster", () => {
  it("leaves out a hub that answered with no socket until the recheck is due", () => {
    const roster = createHubRoster(3, 1_000);
    const [first, second] = roster.due(0);
    roster.answered(first!.shard, first!.announced, 0, 10);
    roster.answered(second!.shard, second!.announced, 4, 10);
    expect(shardsOf(roster.due(500))).toEqual([1, 2]);
    expect(shardsOf(roster.due(1_010))).toEqual([0, 1, 2]);
  });

  it("sends to a hub again as soon as it announces a socket", () => {
    const roster = createHubRoster(2, 60_000);
    for (const { shard, announced } of roster.due(0)) roster.answered(shard, announced, 0, 0);
    expect(roster.due(1)).toEqual([]);
    roster.announced(1);
    expect(shardsOf(roster.due(2))).toEqual([1]);
  });

  it("ignores an answer of no socket sent before the hub's latest announcement", () => {
    const roster = createHubRoster(1, 60_000);
    const [sent] = roster.due(0);
    roster.announced(0);
    roster.answered(0, sent!.announced, 0, 5);
    expect(shardsOf(roster.due(6))).toEqual([0]);
  });

  it("ignores an announcement naming no shard it knows", () => {
    const roster = createHubRoster(1, 60_000);
    roster.answered(0, 0, 0, 0);
    for (const shard of [-1, 1, 0.5, Number.NaN]) roster.announced(shard);
    expect(roster.due(1)).toEqual([]);
  });
});
