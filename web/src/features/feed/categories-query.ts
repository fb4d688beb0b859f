import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type CategoriesResponse = { categories: { name: string; count: number }[]; hasPlayerProps: boolean };

export const categoriesQueryOptions = queryOptions({
  queryKey: ["categories"],
  queryFn: ({ signal }) => api<CategoriesResponse>("/api/categories", { signal }),
  staleTime: 2 * 60_000,
});
