import { scrubPersonalData } from "#shared/personal-data";
import { client, unwrap } from "./api";
import { whenIdleAfterLoad } from "./when-idle";

type Reporter = { captureException: (error: unknown) => unknown };

/** Errors caught before the reporter loaded (or decided not to): sent once it has. */
let reporter: Promise<Reporter | null> = Promise.resolve(null);

/**
 * Sentry's browser SDK, set up only when the deployment reports errors, and only once the first view is shown: it is
 * code the first view does not need. Its reports go through the worker (`tunnel`), which relays them scrubbed.
 */
const loadReporter = async (): Promise<Reporter | null> => {
  const settings = await unwrap(client["error-reports"].$get()).catch(() => null);
  if (!settings?.enabled || !settings.dsn) return null;
  const Sentry = await import("./error-reporter");
  Sentry.init({
    dsn: settings.dsn,
    tunnel: "/api/error-reports",
    release: settings.release ?? undefined,
    environment: settings.environment,
    // Errors only: no session tracking, which would send an envelope on every page load.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== "BrowserSession"),
    // What the page shows, asks and types stays on the device: no breadcrumbs, and every string scrubbed.
    beforeBreadcrumb: () => null,
    beforeSend: (event) => ({ ...scrubPersonalData(event), event_id: event.event_id, user: undefined }),
  });
  // Journeys wait for this before they make an error the reporter must see.
  document.documentElement.dataset.errorReports = "on";
  return Sentry;
};

export const startErrorReports = () => {
  let loaded: (value: Reporter | null) => void = () => undefined;
  reporter = new Promise((resolve) => (loaded = resolve));
  whenIdleAfterLoad(() => void loadReporter().then(loaded, () => loaded(null)));
};

/** An error React caught (a page's error screen) that no global handler sees. */
export const reportCaughtError = (error: unknown) => {
  void reporter.then((loaded) => loaded?.captureException(error));
};
