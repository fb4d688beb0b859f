import { describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";

const detect = (account: TestAccount, country: string) =>
  successOf(apiClient({ headers: { ...account.cookies, "CF-IPCountry": country } }).me["detect-country"].$post());

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
    await apiClient({ headers: account.cookies }).me.$patch({ json: { country: "US" } });
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
    expect((await apiClient().me["detect-country"].$post()).status).toBe(401);
  });
});
