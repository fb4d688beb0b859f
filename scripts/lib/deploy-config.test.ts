import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unstable_readConfig } from "wrangler";
import { afterAll, describe, expect, it } from "vitest";
import { deployConfigProblems } from "./deploy-config";

const dir = mkdtempSync(join(tmpdir(), "deploy-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const problemsOf = (toml: string, path?: string) => {
  const config = path ?? join(dir, `wrangler-${files++}.toml`);
  if (!path) writeFileSync(config, toml);
  return deployConfigProblems((env) => unstable_readConfig({ config, env }, { hideWarnings: true }));
};

const TOP = `
name = "app-dev"
main = "worker/dev-entry.ts"
workers_dev = false
preview_urls = false
compatibility_date = "2026-04-01"
[vars]
ENVIRONMENT = "development"
APP_URL = "http://localhost:8787"
ADMIN_EMAILS = "admin@example.com"
[[d1_databases]]
binding = "DB"
database_name = "app"
database_id = "local-id"
`;

type EnvFields = { name?: string; main?: string | null; vars?: string; db?: string };

const env = (envName: "staging" | "production", fields: EnvFields = {}) => {
  const { name = `app-${envName}`, main = "worker/index.ts", db = `${envName}-id` } = fields;
  const vars =
    fields.vars ??
    `ENVIRONMENT = "${envName}"\nAPP_URL = "https://${envName}.app.eu"\nADMIN_EMAILS = "boss@company.eu"`;
  return `
[env.${envName}]
name = "${name}"
${main === null ? "" : `main = "${main}"`}
[env.${envName}.vars]
${vars}
[[env.${envName}.d1_databases]]
binding = "DB"
database_name = "app-${envName}"
database_id = "${db}"
`;
};

const withProduction = (fields: EnvFields, top = TOP) => `${top}${env("staging")}${env("production", fields)}`;

describe("deployConfigProblems", () => {
  it("accepts the repository's wrangler.toml", () => {
    expect(problemsOf("", "wrangler.toml")).toEqual([]);
  });

  it("accepts a top level for local development beside deployable environments", () => {
    expect(problemsOf(withProduction({}))).toEqual([]);
  });

  it("refuses a top level that a deploy without --env would put on the internet", () => {
    const top = TOP.replace(
      "workers_dev = false\npreview_urls = false\n",
      'routes = [{ pattern = "app.eu", custom_domain = true }]\n',
    );
    expect(problemsOf(withProduction({}, top))).toEqual([
      "top level: workers_dev must be false (local development only)",
      "top level: preview_urls must be false (local development only)",
      "top level: has routes (local development only)",
    ]);
  });

  it("refuses an environment that inherits the development entry because it names no main", () => {
    expect(problemsOf(withProduction({ main: null }))).toEqual([
      "production: main is worker/dev-entry.ts, not worker/index.ts: only the deployed entry leaves out /api/dev/*",
    ]);
  });

  it("refuses the top-level worker name in a deployed environment", () => {
    expect(problemsOf(withProduction({ name: "app-dev" }))).toEqual([
      'production: uses the top-level (local development) worker name "app-dev"',
    ]);
    expect(problemsOf(withProduction({ name: "app-staging" }))).toEqual([
      'production: uses the same worker name as staging ("app-staging")',
    ]);
  });

  it("refuses development settings in a deployed environment", () => {
    const vars =
      'ENVIRONMENT = "development"\nAPP_URL = "http://localhost:8787"\nADMIN_EMAILS = "boss@company.eu, admin@example.com"';
    expect(problemsOf(withProduction({ vars, db: "local-id" }))).toEqual([
      'production: ENVIRONMENT is "development", not "production"',
      "production: APP_URL is not https (http://localhost:8787)",
      "production: ADMIN_EMAILS holds development addresses (admin@example.com): whoever registers one becomes admin",
      "production: uses the local development database id",
    ]);
  });

  it("refuses local hosts and reserved domains even over https", () => {
    for (const [appUrl, admin] of [
      ["https://127.0.0.1", "a@localhost"],
      ["https://app.localhost", "a@shop.test"],
      ["https://example.com", "a@x.example.org"],
    ]) {
      const vars = `ENVIRONMENT = "production"\nAPP_URL = "${appUrl}"\nADMIN_EMAILS = "${admin}"`;
      expect(problemsOf(withProduction({ vars }))).toEqual([
        `production: APP_URL points at a local or example host (${appUrl})`,
        `production: ADMIN_EMAILS holds development addresses (${admin}): whoever registers one becomes admin`,
      ]);
    }
  });

  it("refuses an environment without vars (they are not inherited) and secrets or stand-in settings as vars", () => {
    expect(problemsOf(withProduction({ vars: "" }))).toEqual([
      'production: ENVIRONMENT is "", not "production"',
      "production: APP_URL is not a URL (missing)",
    ]);
    const vars =
      'ENVIRONMENT = "production"\nAPP_URL = "https://app.eu"\nSESSION_SECRET = "x"\nSTRIPE_API_HOST = "127.0.0.1"';
    expect(problemsOf(withProduction({ vars }))).toEqual([
      "production: SESSION_SECRET is a var; secrets and local stand-in settings do not belong in wrangler.toml",
      "production: STRIPE_API_HOST is a var; secrets and local stand-in settings do not belong in wrangler.toml",
    ]);
  });
});
