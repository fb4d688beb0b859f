import { describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { callJson } from "../../test/http";

const detect = (account: TestAccount, country?: string) =>
  callJson<{ countryCode: string | null; updated: boolean }>("/api/me/detect-country", {
    method: "POST",
    headers: { ...account.cookies, ...(country ? { "CF-IPCountry": country } : {}) },
  });

const countryOf = async (account: TestAccount) =>
  (await successOf(apiClient({ headers: account.cookies }).me.$get())).body.user.country;

describe("POST /api/me/detect-country", () => {
  it("moves a US profile to the detected non-US country, once", async () => {
    const account = await signUpAndLogin("traveller@example.com");
    expect((await detect(account, "CA")).body).toEqual({ countryCode: "CA", updated: true });
    expect(await countryOf(account)).toBe("CA");
    // Already non-US: left alone.
    expect((await detect(account, "FR")).body).toEqual({ countryCode: "FR", updated: false });
    expect(await countryOf(account)).toBe("CA");
  });

  it("never overrides a country chosen by hand", async () => {
    const account = await signUpAndLogin("chooser@example.com");
    await callJson("/api/me", { method: "PATCH", headers: account.cookies, json: { country: "US" } });
    expect((await detect(account, "MX")).body).toEqual({ countryCode: "MX", updated: false });
    expect(await countryOf(account)).toBe("US");
  });

  it("keeps a non-US country picked at sign-up", async () => {
    const account = await signUpAndLogin("picked@example.com", { country: "JP" });
    expect((await detect(account, "KR")).body.updated).toBe(false);
    expect(await countryOf(account)).toBe("JP");
  });

  it("changes nothing for US, unknown (XX) or Tor (T1)", async () => {
    const account = await signUpAndLogin("home@example.com");
    expect((await detect(account, "US")).body).toEqual({ countryCode: "US", updated: false });
    expect((await detect(account, "XX")).body).toEqual({ countryCode: null, updated: false });
    expect((await detect(account, "T1")).body).toEqual({ countryCode: null, updated: false });
    expect(await countryOf(account)).toBe("US");
  });

  it("answers 401 when signed out", async () => {
    expect((await callJson("/api/me/detect-country", { method: "POST" })).status).toBe(401);
  });
});
