import { migrateLocalDatabases } from "./lib/local-databases";

/** Applies the migrations to every local database (the catalogue and each user shard): `npm run db:migrate:local`. */
await migrateLocalDatabases(process.argv.find((arg) => arg.startsWith("--persist-to="))?.split("=")[1]);
