/** Hostile and boundary inputs the fuzzer sends in every field, path segment and query parameter. */
export const FUZZ_SCALARS: unknown[] = [
  0,
  -1,
  1,
  2 ** 31,
  -(2 ** 31),
  1e308,
  -1e308,
  0.5,
  Number.MAX_SAFE_INTEGER + 2,
  "",
  " ",
  "0",
  "-1",
  "NaN",
  "Infinity",
  "null",
  "true",
  "1e308",
  "a".repeat(300),
  "x".repeat(20_000),
  "😀👍🏽ü中文",
  "\u0000\u0007",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00",
  "${7*7}",
  "__proto__",
  "constructor",
  true,
  false,
  null,
  [],
  {},
  [1, 2, 3],
  { nested: { deep: [null] } },
];

export const FUZZ_PATH_SEGMENTS = [
  "x",
  "0",
  "-1",
  "%2e%2e",
  "a".repeat(400),
  "😀",
  "null",
  "' OR 1=1",
  "seed-question-01",
];

/** Bodies that are not even well-formed JSON objects. */
export const RAW_BODIES: { contentType: string | null; body: string }[] = [
  { contentType: "application/json", body: "{" },
  { contentType: "application/json", body: "null" },
  { contentType: "application/json", body: "[]" },
  { contentType: "application/json", body: '"string"' },
  { contentType: "application/json", body: "1e999" },
  { contentType: "application/json", body: '{"a":' + "[".repeat(5000) },
  { contentType: "text/plain", body: "hello" },
  { contentType: "application/x-www-form-urlencoded", body: "a=1&b=2" },
  { contentType: null, body: "{}" },
  { contentType: "application/json", body: JSON.stringify({ big: "y".repeat(70_000) }) },
];

/** A small deterministic generator, so a failing run can be replayed from its seed. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
};
