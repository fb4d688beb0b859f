import { queryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer } from "../../lib/api";

export type CategoriesResponse = Answer<typeof client.categories.$get>;

export const categoriesQueryOptions = queryOptions({
  queryKey: ["categories"],
  queryFn: ({ signal }) => unwrap(client.categories.$get(undefined, { init: { signal } })),
  staleTime: 2 * 60_000,
});
