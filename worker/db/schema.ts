/** Every table of the database, by area. Migrations are generated from these (docs/database.md). */
export * from "./tables/auth";
export * from "./tables/credits";
export * from "./tables/questions";
export * from "./tables/payments";
export * from "./tables/redemptions";
export * from "./tables/community";
export * from "./tables/operations";
export * from "./tables/responsible-play";
export * from "./tables/notifications";
export * from "./tables/score-feed";
