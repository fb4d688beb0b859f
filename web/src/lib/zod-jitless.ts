import type { $ZodConfig } from "zod/v4/core";

// zod probes `new Function` on its first object parse; under our CSP (no 'unsafe-eval') that probe is reported as a
// violation (Chrome's Issues panel, Lighthouse Best Practices) even though zod catches it. Jitless skips the probe.
// zod reads this global when it loads (its documented way to configure it before import), so this module is imported
// first, for its effect, by each entry (the app, the service worker); `z.config()` would pull zod's core into it.
(globalThis as { __zod_globalConfig?: $ZodConfig }).__zod_globalConfig = { jitless: true };
