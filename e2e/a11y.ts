import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** Serious and critical axe violations on the page, as readable lines. */
export const seriousA11yViolations = async (page: Page) => {
  // A toast or dialog measured mid-fade has no real contrast: let finite animations settle first.
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
};
