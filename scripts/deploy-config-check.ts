import { unstable_readConfig } from "wrangler";
import { deployConfigProblems } from "./lib/deploy-config";

/** Run by scripts/deploy-check.sh: refuses a wrangler config whose deployed environments carry development settings. */
const configPath = process.argv[2] ?? "wrangler.toml";
const problems = deployConfigProblems((env) =>
  unstable_readConfig({ config: configPath, env }, { hideWarnings: true }),
);
if (problems.length > 0) {
  console.error(`deploy check (config): ${configPath} must not be deployed as it is:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(`deploy check (config): ok, ${configPath}`);
