import { describe, expect, it } from "vitest";
import wranglerToml from "../../../../wrangler.toml?raw";
import { FIRST_FEED_PATHS } from "#shared/first-feed";
import { isServerPath, WORKER_FIRST_PATHS } from "./server-paths";

describe("the paths the service worker leaves to the worker", () => {
  it("are wrangler.toml's run_worker_first, after the app's pages that carry the feed", () => {
    const line = /^run_worker_first = (\[.*\])$/m.exec(wranglerToml)?.[1];
    expect(line, "run_worker_first in wrangler.toml").toBeDefined();
    expect(JSON.parse(line ?? "[]")).toEqual([...FIRST_FEED_PATHS, ...WORKER_FIRST_PATHS]);
  });

  it("match the API, share pages, build files and the scheduled trigger, and no page of the app", () => {
    for (const path of ["/api/me", "/api/auth/verify", "/share/q/abc", "/assets/index-abc.js", "/__scheduled"]) {
      expect(isServerPath(path), path).toBe(true);
    }
    for (const path of ["/", "/home", "/apiary", "/shares", "/profile", "/api"]) {
      expect(isServerPath(path), path).toBe(false);
    }
  });
});
