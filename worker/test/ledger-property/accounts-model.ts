/**
 * Every player's balance and its two tracked parts, moved by the rules of docs/product-rules.md: redeemable credits
 * (winnings not yet spent or redeemed) and awarded ones (an admin's awards and what picks paid with them brought back,
 * never redeemable). Spending takes awarded credits first, then bonus and purchased ones, winnings last; only
 * redeemable credits can be redeemed; a reversal may take a balance below zero; both parts stay between zero and the
 * balance, the awarded one first.
 */
export type Account = { balance: number; redeemable: number; awarded: number };

/** What a grant or reversal moves: winnings (redeemable), awarded credits, or any other credits. */
export type Kind = "winnings" | "awarded" | "other";

export class Accounts {
  private readonly rows = new Map<string, Account>();

  of(userId: string): Account {
    const row = this.rows.get(userId);
    if (row) return row;
    const fresh = { balance: 0, redeemable: 0, awarded: 0 };
    this.rows.set(userId, fresh);
    return fresh;
  }

  /** A grant pays off a negative balance before either part grows. */
  grant(userId: string, amount: number, kind: Kind = "other") {
    const row = this.of(userId);
    row.balance += amount;
    row.awarded = Math.max(0, Math.min(row.awarded + (kind === "awarded" ? amount : 0), row.balance));
    row.redeemable = Math.max(
      0,
      Math.min(row.redeemable + (kind === "winnings" ? amount : 0), row.balance - row.awarded),
    );
  }

  /** What the spend drew on ('awarded' when any awarded credits were left), or false (nothing moves) when the balance is short. */
  spend(userId: string, amount: number): Kind | false {
    const row = this.of(userId);
    if (row.balance < amount) return false;
    const kind: Kind = row.awarded > 0 ? "awarded" : "other";
    row.balance -= amount;
    row.awarded = Math.max(0, row.awarded - amount);
    row.redeemable = Math.min(row.redeemable, row.balance - row.awarded);
    return kind;
  }

  reverse(userId: string, amount: number, kind: Kind) {
    const row = this.of(userId);
    row.balance -= amount;
    row.awarded = Math.max(0, Math.min(row.awarded - (kind === "awarded" ? amount : 0), row.balance));
    row.redeemable = Math.max(
      0,
      Math.min(row.redeemable - (kind === "winnings" ? amount : 0), row.balance - row.awarded),
    );
  }

  /** Only redeemable credits leave as a gift card or cash-out. */
  redeem(userId: string, amount: number) {
    const row = this.of(userId);
    if (row.redeemable < amount || row.balance < amount) return false;
    row.balance -= amount;
    row.redeemable -= amount;
    return true;
  }
}
