import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** Serious and critical axe violations on the page, as readable lines. */
export const seriousA11yViolations = async (page: Page) => {
  // A toast or dialog measured mid-fade has no real contrast: let finite animations settle first.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  // A toast that starts to leave while axe is measuring would be read at half opacity: while it measures, toasts and
  // dialogs appear and leave at once, at their real colours.
  const still = await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
  });
  const results = await new AxeBuilder({ page }).analyze();
  await still.evaluate((style) => (style as Element).remove());
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
};

/** Content outside every landmark (axe's moderate `region` rule), as the selectors of what is left out. */
export const contentOutsideLandmarks = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withRules(["region"]).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")));
};
