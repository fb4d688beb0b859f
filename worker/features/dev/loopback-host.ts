import { AppError } from "../../lib/errors";
import { API_SECURITY_HEADERS } from "../../lib/security-headers";

const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const WRONG_HOST_MESSAGE = "This development server only answers requests addressed to localhost";

/**
 * DNS rebinding: a page on a name its owner then points at 127.0.0.1 reaches a developer's local server from their
 * browser, but under its own name. workerd builds request.url from the Host header, so the hostname there is the
 * name the browser asked for; any port is fine.
 */
export const isLoopbackHost = (url: URL) => LOOPBACK_HOSTNAMES.has(url.hostname);

/** Answered before the app runs, so it carries the app's error shape and security headers itself. */
export const wrongHostResponse = () =>
  Response.json(new AppError("forbidden", WRONG_HOST_MESSAGE).toBody(), {
    status: 403,
    headers: { ...API_SECURITY_HEADERS, "Cache-Control": "private, no-store" },
  });
