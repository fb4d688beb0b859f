import type { Json } from "./objects";
import { cancelSubscription, paySession, renewSubscription, subscriptionsOf, type Store } from "./store";

export type Deliver = (events: Json[]) => Promise<void>;

const escape = (value: unknown) =>
  String(value ?? "").replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

const ZERO_DECIMAL = new Set(["jpy"]);

const money = (amount: unknown, currency: unknown) => {
  const code = String(currency ?? "usd");
  const value = ZERO_DECIMAL.has(code) ? Number(amount) : Number(amount) / 100;
  return `${value.toFixed(ZERO_DECIMAL.has(code) ? 0 : 2)} ${code.toUpperCase()}`;
};

const page = (title: string, body: string, status = 200) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;display:flex;justify-content:center;padding:48px 16px}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:32px;width:100%;max-width:420px}
.badge{display:inline-block;background:#ffde92;color:#5c4400;border-radius:4px;padding:2px 8px;font-size:12px;font-weight:600}
.amount{font-size:32px;font-weight:700;margin:8px 0 24px}
button{width:100%;border:0;border-radius:8px;padding:12px;font-size:16px;font-weight:600;cursor:pointer;margin-top:8px}
.pay{background:#635bff;color:#fff}.secondary{background:#e3e8ee;color:#1a1f36}
li{list-style:none;border-top:1px solid #e3e8ee;padding:12px 0}ul{padding:0}
</style></head><body><main><p class="badge">Test mode: Pickstreak's local Stripe stand-in</p>${body}</main></body></html>`,
    { status, headers: { "Content-Type": "text/html; charset=utf-8" } },
  );

const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location } });

const action = (path: string, label: string, style: string) =>
  `<form method="post" action="${escape(path)}"><button type="submit" class="${style}">${escape(label)}</button></form>`;

const checkoutPage = (store: Store, id: string) => {
  const entry = store.sessions.get(id);
  if (!entry) return page("Not found", "<h1>This checkout session does not exist</h1>", 404);
  const { session, line } = entry;
  if (session.status !== "open") return page("Checkout", "<h1>This checkout session is complete</h1>");
  const perMonth = session.mode === "subscription" ? " per month" : "";
  return page(
    "Checkout",
    `<h1>${escape(line.name)}</h1><p class="amount">${escape(money(session.amount_total, session.currency))}${perMonth}</p>
${action(`/checkout/${id}/pay`, "Pay", "pay")}${action(`/checkout/${id}/cancel`, "Cancel", "secondary")}`,
  );
};

const portalPage = (store: Store, id: string) => {
  const portal = store.portalSessions.get(id);
  if (!portal) return page("Not found", "<h1>This portal session does not exist</h1>", 404);
  const rows = subscriptionsOf(store, String(portal.customer)).map((subscription) => {
    const item = (subscription.items as { data: { price: { unit_amount: number; currency: string } }[] }).data[0];
    const base = `/portal/${id}/subscriptions/${String(subscription.id)}`;
    const live = subscription.status === "active";
    return `<li><strong>${escape(money(item?.price.unit_amount, item?.price.currency))} per month</strong> (${escape(subscription.status)})
${live ? action(`${base}/renew`, "Bill next month now", "secondary") + action(`${base}/cancel`, "Cancel subscription", "secondary") : ""}</li>`;
  });
  const back = portal.return_url ? `<p><a href="${escape(portal.return_url)}">Return to Pickstreak</a></p>` : "";
  return page(
    "Manage subscription",
    `<h1>Your subscriptions</h1><ul>${rows.join("") || "<li>No subscriptions</li>"}</ul>${back}`,
  );
};

/**
 * The browser side: Stripe's hosted checkout and portal reduced to buttons. Paying delivers the webhooks before
 * sending the browser back, so the app sees the credits when it returns.
 */
export const handlePage = async (store: Store, request: Request, deliver: Deliver): Promise<Response> => {
  const [, area, id = "", ...rest] = new URL(request.url).pathname.split("/");
  const verb = rest.join("/");
  if (request.method === "GET" && area === "checkout") return checkoutPage(store, id);
  if (request.method === "GET" && area === "portal") return portalPage(store, id);
  if (request.method !== "POST") return page("Not found", "<h1>Not found</h1>", 404);

  const session = store.sessions.get(id)?.session;
  if (area === "checkout" && session && verb === "pay") {
    await deliver(paySession(store, id));
    return redirect(String(session.success_url).replace("{CHECKOUT_SESSION_ID}", id));
  }
  if (area === "checkout" && session && verb === "cancel") return redirect(String(session.cancel_url ?? "/"));
  const [, subscriptionId = "", subscriptionVerb] = verb.split("/");
  if (area === "portal" && store.portalSessions.has(id) && subscriptionVerb) {
    const events =
      subscriptionVerb === "cancel"
        ? cancelSubscription(store, subscriptionId)
        : renewSubscription(store, subscriptionId);
    await deliver(events);
    return redirect(`/portal/${id}`);
  }
  return page("Not found", "<h1>Not found</h1>", 404);
};
