import { decodeForm, integer, list as formList, metadata, object, text, type FormObject } from "./form";
import { customerObject, list, portalSessionObject, sessionObject, type Json, type LineItem } from "./objects";
import type { Store } from "./store";

export type ApiConfig = { secretKey: string; publicUrl: string };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Request-Id": `req_${crypto.randomUUID()}` },
  });

/** Stripe's error body: `{ error: { type, message, code?, param? } }`. */
const stripeError = (status: number, message: string, extra: Record<string, string> = {}) =>
  json(status, { error: { type: "invalid_request_error", message, ...extra } });

const missingParam = (param: string) =>
  stripeError(400, `Missing required param: ${param}.`, { code: "parameter_missing", param });
const noSuch = (kind: string, id: string) =>
  stripeError(404, `No such ${kind}: '${id}'`, { code: "resource_missing", param: "id" });

const lineItem = (form: FormObject): LineItem | string => {
  const [item] = formList(form.line_items);
  if (!item) return "line_items";
  const price = object(item.price_data);
  const currency = text(price.currency);
  const unitAmount = integer(price.unit_amount);
  const name = text(object(price.product_data).name);
  if (!currency) return "line_items[0][price_data][currency]";
  if (unitAmount === undefined || unitAmount < 0) return "line_items[0][price_data][unit_amount]";
  if (!name) return "line_items[0][price_data][product_data][name]";
  const recurring = text(object(price.recurring).interval) !== undefined;
  return { name, currency: currency.toLowerCase(), unitAmount, quantity: integer(item.quantity) ?? 1, recurring };
};

const createSession = (store: Store, config: ApiConfig, form: FormObject) => {
  const mode = text(form.mode);
  if (mode !== "payment" && mode !== "subscription") return missingParam("mode");
  const successUrl = text(form.success_url);
  if (!successUrl) return missingParam("success_url");
  const line = lineItem(form);
  if (typeof line === "string") return missingParam(line);
  if ((mode === "subscription") !== line.recurring) {
    return stripeError(400, "Subscription mode needs a recurring price, and payment mode a one-time price.", {
      param: "line_items",
    });
  }
  const customer = text(form.customer) ?? null;
  if (customer && !store.customers.has(customer)) return noSuch("customer", customer);
  const session = sessionObject(
    {
      mode,
      customer,
      clientReferenceId: text(form.client_reference_id) ?? null,
      metadata: metadata(form.metadata),
      successUrl,
      cancelUrl: text(form.cancel_url) ?? null,
      line,
      subscriptionMetadata: metadata(object(form.subscription_data).metadata),
    },
    config.publicUrl,
  );
  store.sessions.set(session.id as string, {
    session,
    line,
    subscriptionMetadata: metadata(object(form.subscription_data).metadata),
  });
  return json(200, session);
};

/**
 * The two changes our worker makes to a subscription: end it at the period's end, or pause its collection until a
 * time (Stripe voids the invoices in between; an empty `pause_collection` lifts the pause).
 */
const updateSubscription = (store: Store, id: string, form: FormObject) => {
  const entry = store.subscriptions.get(id);
  if (!entry) return noSuch("subscription", id);
  const cancel = text(form.cancel_at_period_end);
  if (cancel !== undefined) entry.subscription.cancel_at_period_end = cancel === "true";
  if (form.pause_collection === "") entry.subscription.pause_collection = null;
  else if (form.pause_collection !== undefined) {
    const pause = object(form.pause_collection);
    if (text(pause.behavior) !== "void") return missingParam("pause_collection[behavior]");
    entry.subscription.pause_collection = { behavior: "void", resumes_at: integer(pause.resumes_at) ?? null };
  }
  return json(200, entry.subscription);
};

const post = (store: Store, config: ApiConfig, path: string, form: FormObject) => {
  if (path === "/v1/customers") {
    const customer = customerObject(text(form.email), metadata(form.metadata));
    store.customers.set(customer.id as string, customer);
    return json(200, customer);
  }
  if (path === "/v1/checkout/sessions") return createSession(store, config, form);
  const [, , resource, id] = path.split("/");
  if (resource === "subscriptions" && id) return updateSubscription(store, id, form);
  if (path === "/v1/billing_portal/sessions") {
    const customer = text(form.customer);
    if (!customer) return missingParam("customer");
    if (!store.customers.has(customer)) return noSuch("customer", customer);
    const session = portalSessionObject(customer, text(form.return_url) ?? null, config.publicUrl);
    store.portalSessions.set(session.id as string, session);
    return json(200, session);
  }
  return null;
};

const found = (kind: string, id: string, value: Json | undefined) => (value ? json(200, value) : noSuch(kind, id));

const get = (store: Store, url: URL) => {
  const [, , resource, id, extra] = url.pathname.split("/");
  if (resource === "checkout" && id === "sessions" && extra)
    return found("checkout.session", extra, store.sessions.get(extra)?.session);
  if (resource === "customers" && id) return found("customer", id, store.customers.get(id));
  if (resource === "subscriptions" && id) return found("subscription", id, store.subscriptions.get(id)?.subscription);
  if (resource === "invoice_payments" && !id) {
    const query = decodeForm(url.search.slice(1));
    const intent = text(object(query.payment).payment_intent);
    const invoice = text(query.invoice);
    const matches = store.invoicePayments.filter(
      (payment) =>
        (!intent || (payment.payment as { payment_intent?: string }).payment_intent === intent) &&
        (!invoice || payment.invoice === invoice),
    );
    return json(200, list(matches, "/v1/invoice_payments"));
  }
  return null;
};

/** Stripe takes the secret key as a bearer token or as the user name of basic auth (`curl -u sk_test_...:`). */
const apiKeyOf = (request: Request) => {
  const [scheme, value = ""] = (request.headers.get("Authorization") ?? "").split(" ");
  if (scheme === "Bearer") return value;
  if (scheme !== "Basic") return null;
  try {
    return atob(value).split(":")[0];
  } catch {
    return null;
  }
};

/** The Stripe REST endpoints our worker calls, form-encoded in and JSON out, with Stripe's auth and idempotency. */
export const handleApi = async (store: Store, config: ApiConfig, request: Request): Promise<Response> => {
  if (apiKeyOf(request) !== config.secretKey) {
    return stripeError(401, "Invalid API Key provided.");
  }
  store.apiVersion = request.headers.get("Stripe-Version") ?? store.apiVersion;
  const url = new URL(request.url);
  const unknown = () => stripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname}).`);
  if (request.method === "GET") return get(store, url) ?? unknown();
  if (request.method !== "POST") return unknown();

  const key = request.headers.get("Idempotency-Key");
  const replay = key ? store.idempotent.get(`${url.pathname}:${key}`) : undefined;
  if (replay)
    return new Response(replay.body, {
      status: replay.status,
      headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" },
    });
  // Decoded from bytes: workerd warns when text() reads a body whose type is not textual.
  const form = decodeForm(new TextDecoder().decode(await request.arrayBuffer()));
  const response = post(store, config, url.pathname, form) ?? unknown();
  if (key)
    store.idempotent.set(`${url.pathname}:${key}`, { status: response.status, body: await response.clone().text() });
  return response;
};
