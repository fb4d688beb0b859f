import { placementOf, type DataContext } from "../../db/data-context";
import { randomToken } from "../../lib/ids";

const PLACEMENT_PREFIX = /^(\d{1,4})\./;

/**
 * A secret token (refresh token, emailed link) whose row lives in its player's database. It starts with the player's
 * placement, which says nothing about who they are, so the request that presents it knows which database to ask.
 */
export const playerToken = (userId: string) => `${placementOf(userId)}.${randomToken()}`;

const placementOfToken = (token: string) => {
  const placement = PLACEMENT_PREFIX.exec(token)?.[1];
  return placement === undefined ? undefined : Number(placement);
};

/**
 * The database holding a token's row; null for a token no database can hold. A token without a placement can only
 * belong to the one player database of a deployment that has one.
 */
export const tokenDb = (data: DataContext, token: string, options?: { forWrite: boolean }): D1Database | null => {
  const placement = placementOfToken(token);
  if (placement !== undefined) return data.playerAt(placement, options);
  const [only, ...others] = data.players();
  return others.length === 0 && only ? only.db : null;
};

/** The database a token's use writes (a refresh token's rotation, a link's consumption); it waits while its players move. */
export const tokenDbForWrite = (data: DataContext, token: string) => tokenDb(data, token, { forWrite: true });
