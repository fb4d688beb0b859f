import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import createClient from "openapi-fetch";
import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD, latestLink, uniqueEmail } from "./accounts";
import type { paths } from "./openapi/api-types";
import { API_TYPES_FILE, generateApiTypes } from "./openapi/generate";

const baseUrl = inject("baseUrl");

/** The access token from a sign-in's cookies: what an API client then sends as a Bearer token. */
const accessTokenOf = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("__Host-access="));
  if (!cookie) throw new Error("no access cookie");
  return cookie.slice("__Host-access=".length).split(";")[0]!;
};

describe("the served OpenAPI document", () => {
  it("passes Redocly's recommended rules with no errors", async () => {
    const { document } = await generateApiTypes(baseUrl);
    const file = join(mkdtempSync(join(tmpdir(), "openapi-")), "openapi.json");
    writeFileSync(file, JSON.stringify(document));
    let report = "";
    try {
      execFileSync("npx", ["redocly", "lint", file, "--format=stylish", "--max-problems=500"], {
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (error) {
      report = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(report, report).toBe("");
  });

  it("generates the committed client types", async () => {
    const { types } = await generateApiTypes(baseUrl);
    expect(
      types === readFileSync(API_TYPES_FILE, "utf8"),
      "The API changed: run `npm run api:types` and commit e2e/openapi/api-types.ts",
    ).toBe(true);
  });

  it("gives a generated client that signs in, reads the feed and places a pick", async () => {
    const client = createClient<paths>({
      baseUrl: `${baseUrl}/api`,
      // Each run signs up from an address of its own, so the journeys together stay under the per-IP limit.
      headers: { "CF-Connecting-IP": `10.67.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    });
    const email = uniqueEmail("openapi");
    const signup = await client.POST("/auth/signup", {
      body: { email, password: DEMO_PASSWORD, country: "US", ageConfirmed: true },
    });
    expect(signup.response.status).toBe(201);
    const token = new URL(await latestLink(baseUrl, email, "confirm")).searchParams.get("confirm")!;
    const confirmed = await client.POST("/auth/confirm", { body: { token } });
    expect(confirmed.response.status).toBe(200);
    const login = await client.POST("/auth/login", { body: { email, password: DEMO_PASSWORD } });
    expect(login.data?.user.email).toBe(email);
    const headers = { Authorization: `Bearer ${accessTokenOf(login.response)}` };

    const feed = await client.GET("/questions", { params: { query: { sort: "ending-soon" } }, headers });
    const question = feed.data?.items.find((item) => item.creditCost <= 5 && item.myPick === null);
    expect(question, "an open question the new player can afford").toBeDefined();

    const pick = await client.POST("/picks", {
      body: { questionId: question!.id, choice: "yes", multiplier: 1 },
      headers,
    });
    expect(pick.response.status).toBe(201);
    expect(pick.data?.pick.questionId).toBe(question!.id);

    const mine = await client.GET("/picks", { headers });
    expect(mine.data?.items.map((item) => item.id)).toContain(pick.data?.pick.id);
  });
});
