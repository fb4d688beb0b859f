import { writeFileSync } from "node:fs";
import { API_TYPES_FILE, generateApiTypes } from "../e2e/openapi/generate";
import { startApp } from "../e2e/server";

/** Rewrites the committed client types from the document the built app serves (run `npm run build` first). */
const app = await startApp();
try {
  const { types } = await generateApiTypes(app.url);
  writeFileSync(API_TYPES_FILE, types);
  console.log(`Wrote ${API_TYPES_FILE}`);
} finally {
  await app.stop();
}
