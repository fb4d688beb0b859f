import type { TestProject } from "vitest/node";
import { startApp } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const app = await startApp();
  project.provide("baseUrl", app.url);
  return app.stop;
}
