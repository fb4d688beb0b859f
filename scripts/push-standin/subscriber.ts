/**
 * A browser's side of web push for tests: the key pair and auth secret a subscription hands the app, and the
 * decryption a browser does on receipt (RFC 8291, aes128gcm), so a test reads exactly what a device would show.
 */
const encoder = new TextEncoder();
const utf8 = (text: string) => new Uint8Array(encoder.encode(text));

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const hkdf = async (
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  length: number,
) => {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, length * 8));
};

/** The plaintext ends with a 0x02 delimiter (last record) followed by zero padding. */
const unpad = (record: Uint8Array) => {
  let end = record.length - 1;
  while (end >= 0 && record[end] === 0) end -= 1;
  if (record[end] !== 2) throw new Error("Push record has no last-record delimiter");
  return record.subarray(0, end);
};

export type Subscriber = { p256dh: string; auth: string; decrypt: (body: Uint8Array<ArrayBuffer>) => Promise<string> };

export const createSubscriber = async (): Promise<Subscriber> => {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const authSecret = crypto.getRandomValues(new Uint8Array(16));

  const decrypt = async (body: Uint8Array<ArrayBuffer>) => {
    const salt = body.slice(0, 16);
    const idLength = body[20]!;
    const senderKey = body.slice(21, 21 + idLength);
    const ciphertext = body.slice(21 + idLength);
    const sender = await crypto.subtle.importKey("raw", senderKey, { name: "ECDH", namedCurve: "P-256" }, false, []);
    // Workers' types spell the standard `public` member `$public`; both runtimes take the standard one.
    const ecdh = { name: "ECDH", public: sender } as Parameters<SubtleCrypto["deriveBits"]>[0];
    const shared = new Uint8Array(await crypto.subtle.deriveBits(ecdh, pair.privateKey, 256));
    const ikm = await hkdf(authSecret, shared, concat(utf8("WebPush: info\0"), publicKey, senderKey), 32);
    const cek = await hkdf(salt, ikm, utf8("Content-Encoding: aes128gcm\0"), 16);
    const nonce = await hkdf(salt, ikm, utf8("Content-Encoding: nonce\0"), 12);
    const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
    const record = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
    return new TextDecoder().decode(unpad(record));
  };

  return { p256dh: toBase64Url(publicKey), auth: toBase64Url(authSecret), decrypt };
};
