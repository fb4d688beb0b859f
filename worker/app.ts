import type { MiddlewareHandler } from "hono";
import { readSettings, type AppEnv } from "./env";
import { requestData } from "./db/request-data";
import { requestLog } from "./lib/request-log";
import { requestId } from "./lib/request-id";
import { adminHealthRoutes } from "./features/admin-health/admin-health.routes";
import { adminDashboardRoutes } from "./features/admin-health/admin-dashboard.routes";
import { createRouter } from "./lib/router";
import { apiDocument } from "./lib/openapi-document";
import { notFound, onError } from "./lib/on-error";
import { jsonBodyLimit, requestGuard } from "./lib/request-guard";
import { securityHeaders } from "./lib/security-headers";
import { contactRoutes } from "./features/contact/contact.routes";
import { errorReportRoutes } from "./features/error-reports/error-reports.routes";
import { healthDocument } from "./features/health/health.routes";
import { authenticate } from "./features/session/session.middleware";
import { authRoutes } from "./features/auth/auth.routes";
import { contactAdminRoutes } from "./features/contact/contact-admin.routes";
import { detectCountryRoutes } from "./features/me/detect-country.routes";
import { meRoutes } from "./features/me/me.routes";
import { changePasswordRoutes } from "./features/me/change-password.routes";
import { bookmarkRoutes } from "./features/bookmarks/bookmarks.routes";
import { categoryRoutes, questionRoutes } from "./features/questions/questions.routes";
import { creditsRoutes } from "./features/credits/credits.routes";
import { dailyCreditsRoutes } from "./features/daily-credits/daily-credits.routes";
import { pickRoutes, streakRoutes } from "./features/picks/picks.routes";
import { adminQuestionRoutes } from "./features/admin-questions/admin-questions.routes";
import { outcomeRoutes } from "./features/settlement/outcome.routes";
import { adminAuditRoutes } from "./features/admin-audit/admin-audit.routes";
import { adminPlayerRoutes } from "./features/admin-players/admin-players.routes";
import { notificationRoutes } from "./features/notifications/notifications.routes";
import { responsiblePlayRoutes } from "./features/responsible-play/responsible-play.routes";
import { shareImageRoutes, sharePageRoutes } from "./features/share/share.routes";
import { imageServingRoutes, imageUploadRoutes } from "./features/images/images.routes";
import { liveRoutes } from "./features/live/live.routes";
import { rewardRoutes } from "./features/rewards/rewards.routes";
import { redemptionRoutes } from "./features/redemptions/redemptions.routes";
import { redemptionAdminRoutes } from "./features/redemptions/redemptions-admin.routes";
import { redemptionHoldRoutes } from "./features/redemptions/redemption-holds.routes";
import { referralRoutes } from "./features/referrals/referrals.routes";
import { exchangeRateRoutes } from "./features/exchange-rates/exchange-rates.routes";
import { pricingRoutes } from "./features/payments/pricing.routes";
import { paymentRoutes, subscriptionRoutes } from "./features/payments/payments.routes";
import { stripeWebhookRoutes } from "./features/payments/webhook.routes";
import { promoCodeRoutes } from "./features/promo-codes/promo-codes.routes";
import { promoCodeAdminRoutes } from "./features/promo-codes/promo-codes-admin.routes";
import { leaderboardRoutes } from "./features/leaderboard/leaderboard.routes";
import { userStatsRoutes } from "./features/user-stats/user-stats.routes";
import { activityRoutes } from "./features/activity/activity.routes";
import { contestRoutes } from "./features/contests/contests.routes";
import { contestAdminRoutes } from "./features/contests/contests-admin.routes";
import { scoreFeedRoutes } from "./features/score-feed/score-feed.routes";
import { scoreFeedAdminRoutes } from "./features/score-feed/score-feed-admin.routes";

const withSettings: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("settings", readSettings(c.env));
  await next();
};

/**
 * The API's URL tree: each feature's sub-app at its own prefix under /api, after the middleware every API route
 * shares. GET /api/health is only described here: the worker's entry answers it before this tree
 * (features/health/health.ts, docs/decisions/0021-worker-hot-path.md).
 */
const shared = createRouter().route("/health", healthDocument);
shared.use("*", withSettings, requestData(), requestGuard(), jsonBodyLimit(), authenticate(), requestLog());

const api = shared
  .route("/auth", authRoutes)
  .route("/me", meRoutes)
  .route("/me", changePasswordRoutes)
  .route("/me", detectCountryRoutes)
  .route("/questions", questionRoutes)
  .route("/categories", categoryRoutes)
  .route("/bookmarks", bookmarkRoutes)
  .route("/picks", pickRoutes)
  .route("/streak", streakRoutes)
  .route("/responsible-play", responsiblePlayRoutes)
  .route("/notifications", notificationRoutes)
  .route("/share", shareImageRoutes)
  .route("/credits", creditsRoutes)
  .route("/daily-credits", dailyCreditsRoutes)
  .route("/images/questions", imageServingRoutes)
  .route("/live", liveRoutes)
  .route("/rewards", rewardRoutes)
  .route("/redemptions", redemptionRoutes)
  .route("/referrals", referralRoutes)
  .route("/exchange-rates", exchangeRateRoutes)
  .route("/pricing", pricingRoutes)
  .route("/payments", paymentRoutes)
  .route("/subscriptions", subscriptionRoutes)
  .route("/stripe", stripeWebhookRoutes)
  .route("/promo-codes", promoCodeRoutes)
  .route("/leaderboard", leaderboardRoutes)
  .route("/users", userStatsRoutes)
  .route("/activity", activityRoutes)
  .route("/contests", contestRoutes)
  .route("/contact", contactRoutes)
  .route("/error-reports", errorReportRoutes)
  .route("/score-feed", scoreFeedRoutes)
  .route("/admin/questions", adminQuestionRoutes)
  .route("/admin/questions", outcomeRoutes)
  .route("/admin/images", imageUploadRoutes)
  .route("/admin/redemptions", redemptionAdminRoutes)
  .route("/admin/redemptions", redemptionHoldRoutes)
  .route("/admin/promo-codes", promoCodeAdminRoutes)
  .route("/admin/contests", contestAdminRoutes)
  .route("/admin/contact-messages", contactAdminRoutes)
  .route("/admin/players", adminPlayerRoutes)
  .route("/admin/audit", adminAuditRoutes)
  .route("/admin/score-feed", scoreFeedAdminRoutes)
  .route("/admin/health", adminHealthRoutes)
  .route("/admin/dashboard", adminDashboardRoutes);

api.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", {
  type: "apiKey",
  in: "cookie",
  name: "__Host-access",
});
api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
  type: "http",
  scheme: "bearer",
  bearerFormat: "JWT",
});

api.get("/openapi.json", (c) => c.json(apiDocument(api, c.var.settings.APP_URL)));

export const app = createRouter()
  .use("*", requestId())
  .use("*", securityHeaders())
  .use("/share/*", withSettings, requestData())
  .route("/api", api)
  .route("/share", sharePageRoutes);

app.onError(onError);
app.notFound(notFound);

export type AppType = typeof app;
