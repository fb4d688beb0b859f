import type { Json } from "./objects";

const encoder = new TextEncoder();

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");

/**
 * The Stripe-Signature header exactly as Stripe computes it: `t=<unix seconds>,v1=<hex HMAC-SHA256>` of
 * `${t}.${payload}`, keyed with the whole endpoint secret (including its `whsec_` prefix).
 */
export const signPayload = async (payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) => {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const signature = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`));
  return `t=${timestamp},v1=${hex(signature)}`;
};

export type Delivery = {
  url: string;
  secret: string;
  retries?: number;
  retryDelayMs?: number;
  log?: (line: string) => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const attempt = async (event: Json, { url, secret }: Delivery) => {
  const payload = JSON.stringify(event, null, 2);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "Stripe-Signature": await signPayload(payload, secret),
      },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
};

/** Sends one event; like Stripe, anything but a 2xx is retried later (here after a short backoff). */
export const deliverEvent = async (event: Json, delivery: Delivery) => {
  const retries = delivery.retries ?? 5;
  for (let round = 0; round <= retries; round++) {
    if (round > 0) await sleep((delivery.retryDelayMs ?? 500) * 2 ** (round - 1));
    const status = await attempt(event, delivery);
    delivery.log?.(`webhook ${String(event.type)} ${String(event.id)} -> ${status || "no answer"}`);
    if (status >= 200 && status < 300) return true;
  }
  return false;
};
