import * as z from "zod/mini";

/**
 * What a push notification carries, shared by the worker that encrypts it and the service worker that shows it.
 * `url` is a path inside the app, so a tapped notification can only ever open one of our own pages.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  // Not "//host" nor "/\host", which URL parsers read as another site.
  url: z.string().check(z.regex(/^\/(?![/\\])/)),
  tag: z.string(),
});

export type PushPayload = z.infer<typeof pushPayloadSchema>;
