import { queryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer, type RequestOf } from "../../lib/api";

const play = client["responsible-play"];

export type PlayView = Answer<typeof play.$get>;
export type PlayLimit = PlayView["limits"][number];
export type LimitChange = RequestOf<typeof play.limits.$put>["json"];
export type BreakLength = RequestOf<typeof play.break.$post>["json"]["length"];
export type ExclusionLength = RequestOf<(typeof play)["self-exclusion"]["$post"]>["json"]["length"];

export const playQueryOptions = queryOptions({
  queryKey: ["responsible-play"],
  queryFn: ({ signal }) => unwrap(play.$get(undefined, { init: { signal } })),
});

export const setLimit = (json: LimitChange) => unwrap(play.limits.$put({ json }));
export const takeBreak = (length: BreakLength) => unwrap(play.break.$post({ json: { length } }));
export const selfExclude = (length: ExclusionLength) => unwrap(play["self-exclusion"].$post({ json: { length } }));
export const endExclusion = () => unwrap(play["self-exclusion"].end.$post());
