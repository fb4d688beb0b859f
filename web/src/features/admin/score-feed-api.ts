import { queryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer, type RequestOf } from "../../lib/api";

type AdminFeed = (typeof client.admin)["score-feed"];

export type FeedEvent = Answer<AdminFeed["events"]["$get"]>["events"][number];
export type FeedLink = NonNullable<Answer<AdminFeed["links"][":questionId"]["$get"]>["link"]>;
export type ChallengeQueue = Answer<AdminFeed["challenges"]["$get"]>;
export type ChallengedQuestion = ChallengeQueue["items"][number];
export type FeedAlert = ChallengeQueue["alerts"][number];
export type Decision = RequestOf<AdminFeed["challenges"][":questionId"]["decision"]["$post"]>["json"];
type LinkBody = RequestOf<AdminFeed["links"][":questionId"]["$put"]>["json"];

const feed = () => client.admin["score-feed"];

export const feedEventsQueryOptions = queryOptions({
  queryKey: ["admin", "score-feed", "events"],
  queryFn: ({ signal }) => unwrap(feed().events.$get(undefined, { init: { signal } })),
  staleTime: 60_000,
});

export const feedLinkQueryOptions = (questionId: string) =>
  queryOptions({
    queryKey: ["admin", "score-feed", "link", questionId],
    queryFn: ({ signal }) => unwrap(feed().links[":questionId"].$get({ param: { questionId } }, { init: { signal } })),
  });

export const challengeQueueQueryOptions = queryOptions({
  queryKey: ["admin", "score-feed", "challenges"],
  queryFn: ({ signal }) => unwrap(feed().challenges.$get(undefined, { init: { signal } })),
  refetchInterval: 30_000,
});

export const linkToFeed = (questionId: string, json: LinkBody) =>
  unwrap(feed().links[":questionId"].$put({ param: { questionId }, json }));

export const unlinkFromFeed = (questionId: string) =>
  unwrap(feed().links[":questionId"].$delete({ param: { questionId } }));

export const decideChallenge = (questionId: string, json: Decision) =>
  unwrap(feed().challenges[":questionId"].decision.$post({ param: { questionId }, json }));

export const dismissFeedAlert = (id: string) => unwrap(feed().alerts[":id"].dismiss.$post({ param: { id } }));
