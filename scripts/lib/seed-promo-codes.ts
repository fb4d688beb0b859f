/** Local demo promo codes (never in production). Re-running keeps their redemptions and counts. */
const CODES = [
  { code: "WELCOME10", credits: 10, maxRedemptions: null },
  { code: "STREAK25", credits: 25, maxRedemptions: 100 },
  { code: "BIGWIN50", credits: 50, maxRedemptions: 10 },
] as const;

export const promoCodeSql = (now: number) =>
  CODES.map(
    ({ code, credits, maxRedemptions }) =>
      `INSERT INTO promo_codes (code, credits, active, max_redemptions, created_at, updated_at)
       VALUES ('${code}', ${credits}, 1, ${maxRedemptions ?? "NULL"}, ${now}, ${now}) ON CONFLICT(code) DO NOTHING;`,
  );
