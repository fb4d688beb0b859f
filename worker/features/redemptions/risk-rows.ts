import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { createDb } from "../../db/client";
import { boundQuery, runQuery, type RowOf } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { userPicks, users } from "../../db/schema";
import { allRows, batchNamed, typed } from "../../db/statement";
import { ACCOUNT_LINKS, PAYOUT_EMAIL_LINKS } from "./risk-links";

/** A redemption the queue lists: whose it is, the payout email it asked for, and when. */
export type RiskRequest = { id: string; userId: string; email: string; createdAt: number };

/** What both ways of measuring a page answer per redemption, in SQL's names. */
export type RiskRow = {
  rid: string;
  age_ms: number;
  same_ip: number;
  same_email: number;
  same_referral: number;
  linked: number;
  pick_winnings: number;
  opposite_winnings: number;
};

/*
 * Where the players are in the catalogue, one statement measures a whole page. `links` pairs each request with every
 * other account linked to its account (risk-links.ts). `hedged` is each won pick of the requester on a question where
 * a linked account chose the other answer; the CROSS JOINs keep SQLite walking from the linked accounts' picks (by
 * user) to the requester's (by user and question) rather than through every won pick.
 */
const RISK_SQL = `
WITH req AS (
  SELECT g.id AS rid, g.user_id, g.user_email, g.created_at - u.created_at AS age_ms, u.signup_ip, u.referred_by
  FROM json_each(?1) page JOIN gift_card_redemptions g ON g.id = page.value JOIN users u ON u.id = g.user_id
),
links(rid, user_id, via) AS (${ACCOUNT_LINKS} UNION ${PAYOUT_EMAIL_LINKS}),
counts AS (
  SELECT rid, COUNT(DISTINCT CASE via WHEN 'ip' THEN user_id END) AS same_ip,
         COUNT(DISTINCT CASE via WHEN 'email' THEN user_id END) AS same_email,
         COUNT(DISTINCT CASE via WHEN 'referral' THEN user_id END) AS same_referral,
         COUNT(DISTINCT user_id) AS linked
  FROM links GROUP BY rid
),
hedged AS (
  SELECT DISTINCT l.rid, p.id, p.actual_payout
  FROM links l CROSS JOIN req r CROSS JOIN user_picks o CROSS JOIN user_picks p
  WHERE r.rid = l.rid AND o.user_id = l.user_id AND p.user_id = r.user_id AND p.question_id = o.question_id
    AND p.status = 'won' AND p.choice <> o.choice
),
opposite AS (SELECT rid, SUM(actual_payout) AS credits FROM hedged GROUP BY rid)
SELECT r.rid, r.age_ms,
       COALESCE(c.same_ip, 0) AS same_ip, COALESCE(c.same_email, 0) AS same_email,
       COALESCE(c.same_referral, 0) AS same_referral, COALESCE(c.linked, 0) AS linked,
       (SELECT COALESCE(SUM(actual_payout), 0) FROM user_picks WHERE user_id = r.user_id AND status = 'won') AS pick_winnings,
       COALESCE(o.credits, 0) AS opposite_winnings
FROM req r LEFT JOIN counts c ON c.rid = r.rid LEFT JOIN opposite o ON o.rid = r.rid`;

type Via = "ip" | "email" | "referral";
type Link = { rid: string; user_id: string; via: Via };

const REQUESTS = `SELECT value ->> 'rid' AS rid, value ->> 'userId' AS user_id, value ->> 'email' AS user_email FROM json_each(?1)`;

/** The requests with their accounts' directory rows. */
const DIRECTORY_REQUESTS = `req AS (
  SELECT p.rid, p.user_id, p.user_email, u.signup_ip, u.referred_by FROM (${REQUESTS}) p JOIN users u ON u.id = p.user_id)`;

const DIRECTORY_LINKS = `WITH ${DIRECTORY_REQUESTS}, links(rid, user_id, via) AS (${ACCOUNT_LINKS}) SELECT rid, user_id, via FROM links`;
const PAYOUT_LINKS = `WITH req AS (${REQUESTS}), links(rid, user_id, via) AS (${PAYOUT_EMAIL_LINKS}) SELECT rid, user_id, via FROM links`;

const among = (ids: Iterable<string>) => sql`(SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`;

const PICK = {
  userId: userPicks.userId,
  questionId: userPicks.questionId,
  choice: userPicks.choice,
  actualPayout: userPicks.actualPayout,
};

const accountsOf = (catalogue: D1Database, userIds: Iterable<string>) =>
  boundQuery(
    catalogue,
    createDb(catalogue)
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(inArray(users.id, among(userIds))),
  );

const wonPicksOf = (d1: D1Database, userIds: Iterable<string>) =>
  boundQuery(
    d1,
    createDb(d1)
      .select(PICK)
      .from(userPicks)
      .where(and(inArray(userPicks.userId, among(userIds)), eq(userPicks.status, "won"))),
  );

const linkedPicksOf = (d1: D1Database, userIds: Iterable<string>, questions: SQL) =>
  boundQuery(
    d1,
    createDb(d1)
      .select(PICK)
      .from(userPicks)
      .where(and(inArray(userPicks.userId, among(userIds)), inArray(userPicks.questionId, questions))),
  );

type Pick = RowOf<typeof wonPicksOf>;

/**
 * First, at once: the directory's links and accounts, and from every player database the links through its
 * redemptions' payout emails and the won picks of its requesters.
 */
const readLinks = async (data: DataContext, requests: RiskRequest[]) => {
  const json = JSON.stringify(requests.map(({ id, userId, email }) => ({ rid: id, userId, email })));
  const requesters = data.groupPlayers(requests.map(({ userId }) => userId));
  const { catalogue } = data;
  const [directory, ...players] = await Promise.all([
    batchNamed(catalogue, {
      accounts: accountsOf(
        catalogue,
        requests.map(({ userId }) => userId),
      ),
      links: typed<Link>(catalogue.prepare(DIRECTORY_LINKS).bind(json)),
    }),
    ...data.players().map((player) =>
      batchNamed(player.db, {
        links: typed<Link>(player.db.prepare(PAYOUT_LINKS).bind(json)),
        won: wonPicksOf(player.db, requesters.get(player) ?? []),
      }),
    ),
  ]);
  return {
    signedUpAt: new Map(directory.accounts.map(({ id, createdAt }) => [id, createdAt])),
    links: [directory.links, ...players.map((player) => player.links)].flatMap(({ results }) => results),
    won: players.flatMap((player) => player.won),
  };
};

/** Then, from the databases of the linked accounts: their picks on the questions the requesters won. */
const readLinkedPicks = async (data: DataContext, links: Link[], won: Pick[]) => {
  if (links.length === 0 || won.length === 0) return [];
  const questions = among(won.map(({ questionId }) => questionId));
  const groups = [...data.groupPlayers(new Set(links.map(({ user_id }) => user_id)))];
  const perDatabase = await Promise.all(groups.map(([{ db }, ids]) => runQuery(linkedPicksOf(db, ids, questions))));
  return perDatabase.flat();
};

const distinctAccounts = (links: Link[], via: Via) =>
  new Set(links.filter((link) => link.via === via).map(({ user_id }) => user_id)).size;

/**
 * What RISK_SQL computes, when players are spread over databases: from the directory for account links and from the
 * player databases for redemptions and picks, in two rounds of reads at once. A request whose account is not in the
 * directory is not measured.
 */
const riskRowsAcrossDatabases = async (data: DataContext, requests: RiskRequest[]): Promise<RiskRow[]> => {
  const { signedUpAt, links, won } = await readLinks(data, requests);
  const picksByQuestion = new Map<string, Pick[]>();
  for (const pick of await readLinkedPicks(data, links, won)) {
    picksByQuestion.set(pick.questionId, [...(picksByQuestion.get(pick.questionId) ?? []), pick]);
  }
  return requests.flatMap(({ id, userId, createdAt }) => {
    const accountCreatedAt = signedUpAt.get(userId);
    if (accountCreatedAt === undefined) return [];
    const ownLinks = links.filter(({ rid }) => rid === id);
    const linked = new Set(ownLinks.map(({ user_id }) => user_id));
    const wins = won.filter((pick) => pick.userId === userId);
    const hedged = wins.filter((pick) =>
      (picksByQuestion.get(pick.questionId) ?? []).some(
        (other) => linked.has(other.userId) && other.choice !== pick.choice,
      ),
    );
    const sum = (picks: Pick[]) => picks.reduce((total, { actualPayout }) => total + actualPayout, 0);
    return [
      {
        rid: id,
        age_ms: createdAt - accountCreatedAt,
        same_ip: distinctAccounts(ownLinks, "ip"),
        same_email: distinctAccounts(ownLinks, "email"),
        same_referral: distinctAccounts(ownLinks, "referral"),
        linked: linked.size,
        pick_winnings: sum(wins),
        opposite_winnings: sum(hedged),
      },
    ];
  });
};

/** The risk measures of a page of redemptions: one statement where the players are in the catalogue. */
export const readRiskRows = async (data: DataContext, requests: RiskRequest[]) => {
  if (!data.playersInCatalogue) return riskRowsAcrossDatabases(data, requests);
  const page = JSON.stringify(requests.map(({ id }) => id));
  return allRows(typed<RiskRow>(data.catalogue.prepare(RISK_SQL).bind(page)));
};
