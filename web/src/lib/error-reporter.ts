/**
 * The only parts of Sentry's browser SDK the app uses, imported by name so the chunk holds them alone: a namespace
 * import of the package keeps every integration (replay, feedback, tracing) in it.
 */
export { captureException, init } from "@sentry/react";
