import type { Settings } from "../../env";
import { composeEmail } from "../emails/compose-email";
import type { HealthAlert } from "./health-report";

/** An alert that began (firing) or ended (resolved). */
export type Change = HealthAlert & { state: "firing" | "resolved" };

/** An alert that began or ended, told to each admin. */
export const healthAlertEmails = (settings: Settings, change: Change) =>
  Promise.all(
    [...settings.adminEmails].map((to) =>
      composeEmail({
        to,
        subject:
          change.state === "firing" ? `[Pickstreak] Alert: ${change.message}` : `[Pickstreak] Resolved: ${change.name}`,
        blocks: [
          {
            kind: "paragraph",
            lines: [
              change.state === "firing"
                ? `Alert ${change.name}: ${change.message}.`
                : `Alert ${change.name} is resolved.`,
            ],
          },
          {
            kind: "action",
            lead: "The health page:",
            label: "Open the health page",
            url: new URL("/admin?section=health", settings.APP_URL).toString(),
            sameLine: true,
          },
        ],
      }),
    ),
  );
