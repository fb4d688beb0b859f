import { dirname, relative, resolve } from "node:path";
import type { Unstable_Config as Config } from "wrangler";

export const DEPLOYED_ENVS = ["staging", "production"] as const;
export type DeployedEnv = (typeof DEPLOYED_ENVS)[number];

/** The entry staging and production run; worker/dev-entry.ts adds the development routes to it. */
export const DEPLOYED_ENTRY = "worker/index.ts";

/** The config as wrangler resolves it for one environment (undefined: the top level, local development). */
export type ReadConfig = (env: DeployedEnv | undefined) => Config;

/** Secrets are set with `wrangler secret put`; local stand-in settings point the app at this machine. */
const NOT_VARS = [
  "SESSION_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "EMAIL_API_KEY",
  "STRIPE_API_HOST",
  "STRIPE_API_PORT",
  "STRIPE_API_PROTOCOL",
];

// Names reserved for documentation, tests and this machine (RFC 2606, 6761, 6762): no real admin or site uses them.
const RESERVED_DOMAINS = ["example.com", "example.net", "example.org", "localhost"];
const RESERVED_SUFFIXES = [".example", ".test", ".invalid", ".localhost", ".local"];
const LOOPBACK_HOSTS = new Set(["localhost", "0.0.0.0", "[::1]", "[::]"]);

const isReservedDomain = (host: string) =>
  RESERVED_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`)) ||
  RESERVED_SUFFIXES.some((suffix) => host.endsWith(suffix));

const isLocalHost = (host: string) => LOOPBACK_HOSTS.has(host) || host.startsWith("127.") || isReservedDomain(host);

const stringVar = (config: Config, name: string) => {
  const value = config.vars[name];
  return typeof value === "string" ? value : undefined;
};

const appUrlProblem = (appUrl: string | undefined) => {
  if (!appUrl || !URL.canParse(appUrl)) return `APP_URL is not a URL (${appUrl ?? "missing"})`;
  const url = new URL(appUrl);
  if (url.protocol !== "https:") return `APP_URL is not https (${appUrl})`;
  if (isLocalHost(url.hostname)) return `APP_URL points at a local or example host (${appUrl})`;
  return undefined;
};

const adminEmailsProblem = (adminEmails: string | undefined) => {
  const local = (adminEmails ?? "")
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email && isReservedDomain(email.slice(email.lastIndexOf("@") + 1)));
  return local.length
    ? `ADMIN_EMAILS holds development addresses (${local.join(", ")}): whoever registers one becomes admin`
    : undefined;
};

const envProblems = (env: DeployedEnv, config: Config, local: Config): string[] => {
  const problems: (string | undefined)[] = [];
  const root = dirname(resolve(config.configPath ?? "wrangler.toml"));
  if (!config.main || resolve(config.main) !== resolve(root, DEPLOYED_ENTRY)) {
    const main = config.main ? relative(root, config.main) : "missing";
    problems.push(`main is ${main}, not ${DEPLOYED_ENTRY}: only the deployed entry leaves out /api/dev/*`);
  }
  if (config.name === local.name) problems.push(`uses the top-level (local development) worker name "${config.name}"`);
  const environment = stringVar(config, "ENVIRONMENT");
  if (environment !== env) problems.push(`ENVIRONMENT is "${environment ?? ""}", not "${env}"`);
  problems.push(appUrlProblem(stringVar(config, "APP_URL")), adminEmailsProblem(stringVar(config, "ADMIN_EMAILS")));
  for (const name of NOT_VARS)
    if (name in config.vars)
      problems.push(`${name} is a var; secrets and local stand-in settings do not belong in wrangler.toml`);
  const db = config.d1_databases.find((database) => database.binding === "DB");
  const localDb = local.d1_databases.find((database) => database.binding === "DB");
  if (!db) problems.push("has no DB database of its own");
  else if (db.database_id === localDb?.database_id) problems.push("uses the local development database id");
  return problems.filter((problem): problem is string => problem !== undefined).map((problem) => `${env}: ${problem}`);
};

/**
 * Every reason the config must not be deployed; empty when it may be. The top level is local development and must not
 * be reachable if someone deploys it without --env; each deployed environment must carry its own settings, since
 * wrangler fills a missing name, main, workers_dev or preview_urls from the top level.
 */
export const deployConfigProblems = (read: ReadConfig): string[] => {
  const local = read(undefined);
  const problems: string[] = [];
  if (local.workers_dev !== false) problems.push("top level: workers_dev must be false (local development only)");
  if (local.preview_urls !== false) problems.push("top level: preview_urls must be false (local development only)");
  if (local.routes?.length || local.route) problems.push("top level: has routes (local development only)");
  const names = new Map<string, DeployedEnv>();
  for (const env of DEPLOYED_ENVS) {
    const config = read(env);
    problems.push(...envProblems(env, config, local));
    const other = names.get(config.name ?? "");
    if (other) problems.push(`${env}: uses the same worker name as ${other} ("${config.name}")`);
    names.set(config.name ?? "", env);
  }
  return problems;
};
