/**
 * Prints a new VAPID key pair for `wrangler secret put` (docs/deployment.md, step 3): `npm run --silent vapid:keys`.
 * A new pair orphans every existing subscription (browsers bind one to the public key), so make one per environment,
 * once, and keep it.
 */
import { makeVapidKeys } from "./lib/vapid-keys";

const { publicKey, privateKey } = await makeVapidKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
