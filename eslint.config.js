import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist",
      "**/.wrangler",
      "node_modules",
      "web/src/routeTree.gen.ts",
      "e2e/openapi/api-types.ts",
      "worker-configuration.d.ts",
      "bench/results",
    ],
  },
  js.configs.recommended,
  { files: ["web/public/**/*.js"], languageOptions: { globals: globals.browser } },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "no-restricted-syntax": ["error", { selector: "ExportDefaultDeclaration", message: "Use named exports." }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // Tools and module augmentation require these forms.
    files: [
      "*.config.ts",
      "*.config.js",
      "e2e/global-setup.ts",
      "worker/index.ts",
      "worker/dev-entry.ts",
      "web/src/main.tsx",
      "**/*.d.ts",
    ],
    rules: { "no-restricted-syntax": "off", "@typescript-eslint/consistent-type-definitions": "off" },
  },
);
