import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { normaliseEmail } from "./email-fingerprint";
import { mailboxSql, sameMailboxJoin } from "./mailbox";

/** [spelling, the one mailbox it reaches]: every spelling a provider delivers to the same inbox reads alike. */
const SAME_MAILBOX: [string, string][] = [
  ["A.B.C@gmail.com", "abc@gmail.com"],
  ["abc@googlemail.com", "abc@gmail.com"],
  ["a.b.c+bonus@GoogleMail.com", "abc@gmail.com"],
  ["first.last+x@outlook.com", "first.last@outlook.com"],
  ["First.Last+promo@hotmail.co.uk", "first.last@hotmail.co.uk"],
  ["someone+2@live.com", "someone@live.com"],
  ["base-keyword@yahoo.com", "base@yahoo.com"],
  ["Base-Other-Word@Yahoo.co.uk", "base@yahoo.co.uk"],
  ["fan+1@me.com", "fan@icloud.com"],
  ["fan@mac.com", "fan@icloud.com"],
  ["f.an@icloud.com", "f.an@icloud.com"],
  ["player+x@protonmail.com", "player@proton.me"],
  ["player@pm.me", "player@proton.me"],
  ["player@protonmail.ch", "player@proton.me"],
  ["user+shop@fastmail.com", "user@fastmail.com"],
  [" Some.One+promo@Example.COM ", "some.one@example.com"],
  ["first-last@example.com", "first-last@example.com"],
];

describe("one mailbox, however it is spelled", () => {
  it.each(SAME_MAILBOX)("reads %s as %s", (spelling, mailbox) => expect(normaliseEmail(spelling)).toBe(mailbox));

  it("keeps mailboxes that are different apart", () => {
    expect(normaliseEmail("abc@outlook.com")).not.toBe(normaliseEmail("abc@hotmail.com"));
    expect(normaliseEmail("a.bc@example.com")).not.toBe(normaliseEmail("abc@example.com"));
    expect(normaliseEmail("abc@gmail.com")).not.toBe(normaliseEmail("abc@icloud.com"));
  });
});

describe("the mailbox in SQL", () => {
  const spellings = [
    ...SAME_MAILBOX.map(([spelling]) => spelling.trim()),
    "a@gmail.com",
    "a+x@outlook.com",
    "a@outlook.com",
    "O'Brien+x@example.com",
    "+tag.only@gmail.com",
  ];

  it("reads every address as normaliseEmail does", async () => {
    const { results } = await env.DB.prepare(`SELECT ${mailboxSql("value")} AS mailbox FROM json_each(?1) ORDER BY key`)
      .bind(JSON.stringify(spellings))
      .all<{ mailbox: string }>();
    expect(results.map(({ mailbox }) => mailbox)).toEqual(spellings.map(normaliseEmail));
  });

  it("joins every spelling of the mailbox through the ranges it gives the index, and nothing else", async () => {
    const requests = `(SELECT value AS address, ${mailboxSql("value")} AS mailbox FROM json_each(?1))`;
    const join = sameMailboxJoin({ mailbox: "r.mailbox", address: "r.address" }, "json_each(?1)", "s", "value");
    const { results } = await env.DB.prepare(
      `SELECT DISTINCT r.address, s.value AS spelling FROM ${requests} r ${join}`,
    )
      .bind(JSON.stringify(spellings))
      .all<{ address: string; spelling: string }>();
    const expected = spellings.flatMap((address) =>
      spellings
        .filter((spelling) => normaliseEmail(spelling) === normaliseEmail(address))
        .map((spelling) => ({ address, spelling })),
    );
    const order = (pairs: { address: string; spelling: string }[]) =>
      pairs.map((pair) => `${pair.address} ${pair.spelling}`).sort();
    expect(order(results)).toEqual(order(expected));
  });
});
