import { describe, expect, it } from "vitest";
import type { PushPayload } from "#shared/push-payload";
import { clickTarget, NOTIFICATION_BADGE, NOTIFICATION_ICON, noticeFromPush } from "./push-notification";

const ORIGIN = "https://pickstreak.app";
const PAYLOAD: PushPayload = {
  title: "Your pick won",
  body: "+40 credits on Lakers vs Celtics",
  url: "/picks",
  tag: "pick-settled-q1",
};

describe("a push message", () => {
  it("shows its title and body, tagged, with our icons, carrying the page to open", () => {
    expect(noticeFromPush(JSON.stringify(PAYLOAD))).toEqual({
      title: "Your pick won",
      options: {
        body: PAYLOAD.body,
        tag: PAYLOAD.tag,
        data: { url: "/picks" },
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
      },
    });
  });

  it("is dropped, never thrown on, without data, when not JSON or not our payload", () => {
    for (const text of [undefined, "", "not json", "null", "[]", JSON.stringify({ title: "Hi" })]) {
      expect(noticeFromPush(text), String(text)).toBeNull();
    }
  });

  it("is dropped when it would open a page off our site", () => {
    for (const url of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example/x",
      "javascript:alert(1)",
      "picks",
    ]) {
      expect(noticeFromPush(JSON.stringify({ ...PAYLOAD, url })), url).toBeNull();
    }
  });
});

describe("a tapped notification", () => {
  it("opens its own page, or the feed when its data is not one of our paths", () => {
    expect(clickTarget({ url: "/picks?tab=settled#top" }, ORIGIN)).toBe("/picks?tab=settled#top");
    const strangers = [
      null,
      undefined,
      {},
      { url: 5 },
      { url: "https://evil.example/" },
      { url: "//evil.example" },
      { url: "/\\evil.example/x" },
    ];
    for (const data of strangers) expect(clickTarget(data, ORIGIN), JSON.stringify(data)).toBe("/home");
  });
});
