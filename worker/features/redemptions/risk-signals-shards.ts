import { groupByShard, shardMap } from "../../db/shards";
import { allRows, batchNamed, typed } from "../../db/statement";
import { ACCOUNT_LINKS, PAYOUT_EMAIL_LINKS } from "./risk-links";
import type { RiskRequest, RiskRow } from "./risk-signals";

type Via = "ip" | "email" | "referral";
type Link = { rid: string; user_id: string; via: Via };
type WonPick = { user_id: string; id: string; question_id: string; choice: string; actual_payout: number };
type Pick = { user_id: string; question_id: string; choice: string };

const REQUESTS = `SELECT value ->> 'rid' AS rid, value ->> 'userId' AS user_id, value ->> 'email' AS user_email,
  value ->> 'createdAt' AS created_at FROM json_each(?1)`;

/** The requests with their accounts' directory rows; a request whose account is not there is not measured. */
const DIRECTORY_REQUESTS = `req AS (
  SELECT p.rid, p.user_id, p.user_email, p.created_at - u.created_at AS age_ms, u.signup_ip, u.referred_by
  FROM (${REQUESTS}) p JOIN users u ON u.id = p.user_id)`;

const AGES = `WITH ${DIRECTORY_REQUESTS} SELECT rid, age_ms FROM req`;
const DIRECTORY_LINKS = `WITH ${DIRECTORY_REQUESTS}, links(rid, user_id, via) AS (${ACCOUNT_LINKS}) SELECT rid, user_id, via FROM links`;
const SHARD_LINKS = `WITH req AS (${REQUESTS}), links(rid, user_id, via) AS (${PAYOUT_EMAIL_LINKS}) SELECT rid, user_id, via FROM links`;
const WON_PICKS = `SELECT user_id, id, question_id, choice, actual_payout FROM user_picks
  WHERE user_id IN (SELECT value FROM json_each(?1)) AND status = 'won'`;
const LINKED_PICKS = `SELECT user_id, question_id, choice FROM user_picks
  WHERE user_id IN (SELECT value FROM json_each(?1)) AND question_id IN (SELECT value FROM json_each(?2))`;

const jsonIds = (ids: Iterable<string>) => JSON.stringify([...new Set(ids)]);

/**
 * First, at once: the directory's links and account ages, and from every shard the links through its redemptions'
 * payout emails and the won picks of its requesters.
 */
const readLinks = async (env: Env, requests: RiskRequest[]) => {
  const json = JSON.stringify(requests.map(({ id, userId, email, createdAt }) => ({ rid: id, userId, email, createdAt })));
  const requesters = groupByShard(env, requests.map(({ userId }) => userId));
  const [directory, ...shards] = await Promise.all([
    batchNamed(env.DB, {
      ages: typed<{ rid: string; age_ms: number }>(env.DB.prepare(AGES).bind(json)),
      links: typed<Link>(env.DB.prepare(DIRECTORY_LINKS).bind(json)),
    }),
    ...shardMap(env).shards.map((shard) =>
      batchNamed(shard.db, {
        links: typed<Link>(shard.db.prepare(SHARD_LINKS).bind(json)),
        won: typed<WonPick>(shard.db.prepare(WON_PICKS).bind(jsonIds(requesters.get(shard) ?? []))),
      }),
    ),
  ]);
  return {
    ages: new Map(directory.ages.results.map(({ rid, age_ms }) => [rid, age_ms])),
    links: [directory.links, ...shards.map((shard) => shard.links)].flatMap(({ results }) => results),
    won: shards.flatMap((shard) => shard.won.results),
  };
};

/** Then, from the shards of the linked accounts: their picks on the questions the requesters won. */
const readLinkedPicks = async (env: Env, links: Link[], won: WonPick[]) => {
  if (links.length === 0 || won.length === 0) return [];
  const questions = jsonIds(won.map(({ question_id }) => question_id));
  const groups = [...groupByShard(env, new Set(links.map(({ user_id }) => user_id)))];
  const perShard = await Promise.all(
    groups.map(([{ db }, ids]) => allRows(typed<Pick>(db.prepare(LINKED_PICKS).bind(jsonIds(ids), questions)))),
  );
  return perShard.flat();
};

const distinctAccounts = (links: Link[], via: Via) => new Set(links.filter((link) => link.via === via).map(({ user_id }) => user_id)).size;

/**
 * The risk measures when players are spread over shards: what the one-database statement (RISK_SQL) computes, from
 * the directory for account links and from the shards for redemptions and picks, in two rounds of reads at once.
 */
export const riskRowsAcrossShards = async (env: Env, requests: RiskRequest[]): Promise<RiskRow[]> => {
  const { ages, links, won } = await readLinks(env, requests);
  const picksByQuestion = new Map<string, Pick[]>();
  for (const pick of await readLinkedPicks(env, links, won)) {
    picksByQuestion.set(pick.question_id, [...(picksByQuestion.get(pick.question_id) ?? []), pick]);
  }
  return requests.flatMap(({ id, userId }) => {
    const ageMs = ages.get(id);
    if (ageMs === undefined) return [];
    const ownLinks = links.filter(({ rid }) => rid === id);
    const linked = new Set(ownLinks.map(({ user_id }) => user_id));
    const wins = won.filter(({ user_id }) => user_id === userId);
    const hedged = wins.filter((pick) =>
      (picksByQuestion.get(pick.question_id) ?? []).some((other) => linked.has(other.user_id) && other.choice !== pick.choice),
    );
    const sum = (picks: WonPick[]) => picks.reduce((total, { actual_payout }) => total + actual_payout, 0);
    return [
      {
        rid: id,
        age_ms: ageMs,
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
