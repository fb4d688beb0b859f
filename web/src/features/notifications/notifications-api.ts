import { queryOptions } from "@tanstack/react-query";
import { client, unwrap, type Answer, type RequestOf } from "../../lib/api";

const notifications = client.notifications;

export type NotificationsView = Answer<typeof notifications.$get>;
export type Topics = NotificationsView["topics"];
export type BrowserSubscription = RequestOf<typeof notifications.subscriptions.$post>["json"];

export const notificationsQueryOptions = queryOptions({
  queryKey: ["notifications"],
  queryFn: ({ signal }) => unwrap(notifications.$get(undefined, { init: { signal } })),
});

export const chooseTopics = (json: Partial<Topics>) => unwrap(notifications.topics.$put({ json }));
export const saveSubscription = (json: BrowserSubscription) => unwrap(notifications.subscriptions.$post({ json }));
export const forgetSubscription = (endpoint: string) =>
  unwrap(notifications.subscriptions.$delete({ json: { endpoint } }));
