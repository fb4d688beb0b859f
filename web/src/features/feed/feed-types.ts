import type { Answer, client } from "../../lib/api";

type FeedCall = typeof client.questions.$get;
export type FeedPage = Answer<FeedCall>;
export type Question = FeedPage["items"][number];
export type MyPick = NonNullable<Question["myPick"]>;
