import * as z from "zod/mini";

/**
 * A text parameter of a page's URL. The router reads `?ref=123` as the number 123, so numbers and booleans come back
 * as their text; anything else (a list, an object) is left out rather than refused. zod/mini rather than zod: route
 * options come with the first page, and mini's functions add to zod's core only what these schemas use.
 */
export const textParam = z.catch(
  z.optional(
    z.pipe(
      z.union([z.string(), z.number(), z.boolean()]),
      z.transform((value) => String(value)),
    ),
  ),
  undefined,
);
