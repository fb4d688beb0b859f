import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
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

let served: ReturnType<typeof generateApiTypes> | undefined;
/** The served document and its types, read once for every check here (it is large, and the same for each). */
const servedDocument = () => (served ??= generateApiTypes(baseUrl));

/** The served document in a file of its own, for the linters. */
const servedDocumentFile = async () => {
  const { document } = await servedDocument();
  const file = join(mkdtempSync(join(tmpdir(), "openapi-")), "openapi.json");
  writeFileSync(file, JSON.stringify(document));
  return file;
};

type Output = { stdout: string; stderr: string };

/**
 * A linter's JSON report on stdout (its exit status says only whether errors were found, not warnings). Run without
 * blocking: a client's idle connection to the app must see the app close it, or its next request goes down it.
 */
const lintReport = async (args: string[]) => {
  const { stdout, stderr } = await promisify(execFile)("npx", args, { maxBuffer: 64 * 1024 * 1024 }).catch(
    (failed: Partial<Output>) => ({ stdout: failed.stdout ?? "", stderr: failed.stderr ?? String(failed) }),
  );
  try {
    return JSON.parse(stdout) as unknown;
  } catch {
    throw new Error(`${args.join(" ")} gave no report:\n${stdout}\n${stderr}`);
  }
};

describe("the served OpenAPI document", () => {
  it("passes Redocly's recommended-strict rules with no errors and no warnings (redocly.yaml)", async () => {
    const file = await servedDocumentFile();
    const report = (await lintReport(["redocly", "lint", file, "--config=redocly.yaml", "--format=json"])) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems, problems.join("\n")).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("passes Spectral's spectral:oas rules with no errors and no warnings (.spectral.yaml)", async () => {
    const file = await servedDocumentFile();
    const results = (await lintReport([
      "spectral",
      "lint",
      file,
      "--ruleset=.spectral.yaml",
      "--format=json",
      "--quiet",
    ])) as {
      code: string;
      message: string;
      path: string[];
    }[];
    const problems = results.map((r) => `${r.code} at ${r.path.join(".")}: ${r.message}`);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("generates the committed client types", async () => {
    const { types } = await servedDocument();
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
