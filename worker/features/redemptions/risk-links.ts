import { mailboxSql, sameMailboxJoin } from "../auth/mailbox";

/*
 * How a redemption request (a row of a `req` table: rid, user_id, user_email, signup_ip, referred_by) links to other
 * accounts: the same sign-up network, the same payout email (an account's email or any redemption's), or a referral
 * tie (one SELECT with ORs, since D1 allows at most five SELECTs in one UNION). Each SELECT answers (rid, the linked
 * account, via). A payout email matches every spelling of its mailbox (mailbox.ts). Deleted accounts stay linked:
 * deleting and signing up again is one of the patterns this is meant to show.
 */

/** The requests with the mailbox of their payout email. */
const REQ_MAILBOXES = `(SELECT rid, user_id, user_email, ${mailboxSql("user_email")} AS mailbox FROM req)`;
const REQUEST = { mailbox: "r.mailbox", address: "r.user_email" };

/** Links through the directory of accounts (the catalogue's `users`, which holds every player of every database). */
export const ACCOUNT_LINKS = `
  SELECT r.rid, v.id, 'ip' FROM req r JOIN users v ON v.signup_ip = r.signup_ip WHERE v.id <> r.user_id
  UNION SELECT r.rid, v.id, 'email' FROM ${REQ_MAILBOXES} r ${sameMailboxJoin(REQUEST, "users", "v", "email")} WHERE v.id <> r.user_id
  UNION SELECT r.rid, v.id, 'referral' FROM req r
    JOIN users v ON v.referred_by IN (r.referred_by, r.user_id) OR v.id = r.referred_by WHERE v.id <> r.user_id`;

/** Links through other accounts' redemptions, which live in their own databases. */
export const PAYOUT_EMAIL_LINKS = `
  SELECT r.rid, x.user_id, 'email' FROM ${REQ_MAILBOXES} r ${sameMailboxJoin(REQUEST, "gift_card_redemptions", "x", "user_email")}
    WHERE x.user_id <> r.user_id`;
