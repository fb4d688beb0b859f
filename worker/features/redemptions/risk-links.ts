/*
 * How a redemption request (a row of a `req` table: rid, user_id, user_email, signup_ip, referred_by) links to other
 * accounts: the same sign-up network, the same payout email (an account's email or any redemption's), or a referral
 * tie (one SELECT with ORs, since D1 allows at most five SELECTs in one UNION). Each SELECT answers (rid, the linked
 * account, via). Deleted accounts stay linked: deleting and signing up again is one of the patterns this is meant to
 * show.
 */

/** Links through the directory of accounts (the catalogue's `users`, which holds every player of every shard). */
export const ACCOUNT_LINKS = `
  SELECT r.rid, v.id, 'ip' FROM req r JOIN users v ON v.signup_ip = r.signup_ip WHERE v.id <> r.user_id
  UNION SELECT r.rid, v.id, 'email' FROM req r JOIN users v ON v.email = r.user_email WHERE v.id <> r.user_id
  UNION SELECT r.rid, v.id, 'referral' FROM req r
    JOIN users v ON v.referred_by IN (r.referred_by, r.user_id) OR v.id = r.referred_by WHERE v.id <> r.user_id`;

/** Links through other accounts' redemptions, which live in their shards. */
export const PAYOUT_EMAIL_LINKS = `
  SELECT r.rid, x.user_id, 'email' FROM req r JOIN gift_card_redemptions x ON x.user_email = r.user_email COLLATE NOCASE
    WHERE x.user_id <> r.user_id`;
