import type { TestProject } from "vitest/node";
import { startApp } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    stateDir: string;
    pushUrl: string;
    scoreFeedUrl: string;
    errorReportsUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const app = await startApp();
  project.provide("baseUrl", app.url);
  project.provide("stateDir", app.stateDir);
  project.provide("pushUrl", app.pushUrl);
  project.provide("scoreFeedUrl", app.scoreFeedUrl);
  project.provide("errorReportsUrl", app.errorReportsUrl);
  return app.stop;
}
