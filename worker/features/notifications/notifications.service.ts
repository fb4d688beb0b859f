import { and, count, desc, eq, notInArray, or } from "drizzle-orm";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { notificationSettings, pushSubscriptions, pushTopics } from "../../db/schema";
import { newId } from "../../lib/ids";
import type { PushTopic } from "./notices";

/** A player with more devices than this loses the oldest subscription, so one account cannot fill the table. */
export const MAX_DEVICES = 10;

export type TopicChoices = Record<PushTopic, boolean>;
export type NewSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

const EVERY_TOPIC = Object.fromEntries(pushTopics.map((topic) => [topic, true])) as TopicChoices;

export const readNotifications = async (d1: D1Database, userId: string) => {
  const db = createDb(d1);
  const [settings, devices] = await db.batch([
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    db.select({ devices: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
  ]);
  const chosen = settings[0];
  const topics = chosen
    ? (Object.fromEntries(pushTopics.map((topic) => [topic, chosen[topic]])) as TopicChoices)
    : EVERY_TOPIC;
  return { topics, devices: devices[0]?.devices ?? 0 };
};

export const chooseTopics = async (d1: D1Database, userId: string, choices: Partial<TopicChoices>, now: number) => {
  const current = (await readNotifications(d1, userId)).topics;
  const topics = { ...current, ...choices };
  await createDb(d1)
    .insert(notificationSettings)
    .values({ userId, ...topics, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...topics, updatedAt: now } });
  return readNotifications(d1, userId);
};

const newestDevices = (db: ReturnType<typeof createDb>, userId: string) =>
  db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(MAX_DEVICES);

/**
 * Saves this browser's subscription for the player. An endpoint is one browser profile, and its keys are that
 * browser's own: another account's subscription moves over only when the same keys come with it (a shared device, which
 * then belongs to whoever turned notifications on last). One who learnt the endpoint but not the browser's auth secret
 * is answered as if subscribed, and the holder keeps it.
 */
export const subscribe = async (d1: D1Database, userId: string, { endpoint, keys }: NewSubscription, now: number) => {
  const db = createDb(d1);
  await db.batch([
    db
      .insert(pushSubscriptions)
      .values({ id: newId(), userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: keys.p256dh, auth: keys.auth, createdAt: now },
        setWhere: or(
          eq(pushSubscriptions.userId, userId),
          and(eq(pushSubscriptions.p256dh, keys.p256dh), eq(pushSubscriptions.auth, keys.auth)),
        ),
      }),
    db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newestDevices(db, userId)))),
  ]);
  return readNotifications(d1, userId);
};

/**
 * The endpoint's unique index holds within one database. With several player databases, a player of another one
 * holding the browser under the same keys gives it up, as in subscribe, so it never gets two accounts' notices; one
 * holding it under other keys keeps it, and true says so: the home database must not subscribe it as well. Nothing to
 * do with one database.
 */
export const releaseElsewhere = async (data: DataContext, home: D1Database, { endpoint, keys }: NewSubscription) => {
  const others = data.players().filter(({ db }) => db !== home);
  const s = pushSubscriptions;
  const held = await Promise.all(
    others.map(async ({ db: d1 }) => {
      const db = createDb(d1);
      const [, kept] = await db.batch([
        db.delete(s).where(and(eq(s.endpoint, endpoint), eq(s.p256dh, keys.p256dh), eq(s.auth, keys.auth))),
        db.select({ id: s.id }).from(s).where(eq(s.endpoint, endpoint)),
      ]);
      return kept.length > 0;
    }),
  );
  return held.includes(true);
};

export const unsubscribe = async (d1: D1Database, userId: string, endpoint: string) => {
  await createDb(d1)
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return readNotifications(d1, userId);
};
