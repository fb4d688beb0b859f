/**
 * Every player's balance and redeemable credits (winnings not yet spent or redeemed), moved by the rules of
 * docs/product-rules.md: spending takes bonus and purchased credits first, only winnings can be redeemed, a reversal may take
 * a balance below zero, and redeemable stays between zero and the balance.
 */
export type Account = { balance: number; redeemable: number };

export class Accounts {
  private readonly rows = new Map<string, Account>();

  of(userId: string): Account {
    const row = this.rows.get(userId);
    if (row) return row;
    const fresh = { balance: 0, redeemable: 0 };
    this.rows.set(userId, fresh);
    return fresh;
  }

  /** Winnings pay off a negative balance before they become redeemable. */
  grant(userId: string, amount: number, winnings = false) {
    const row = this.of(userId);
    row.balance += amount;
    if (winnings) row.redeemable = Math.max(0, Math.min(row.redeemable + amount, row.balance));
  }

  /** False (and nothing moves) when the balance is short. */
  spend(userId: string, amount: number) {
    const row = this.of(userId);
    if (row.balance < amount) return false;
    row.balance -= amount;
    row.redeemable = Math.min(row.redeemable, row.balance);
    return true;
  }

  reverse(userId: string, amount: number, winnings: boolean) {
    const row = this.of(userId);
    row.balance -= amount;
    row.redeemable = Math.max(0, Math.min(row.redeemable - (winnings ? amount : 0), row.balance));
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
