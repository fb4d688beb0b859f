import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readSettings } from "../env";
import { edgeCountry } from "./edge-country";

const request = (headers: Record<string, string>, cf?: { country: string }) =>
  new Request("https://pickstreak.test/api/redemptions/cash-out", { headers, ...(cf ? { cf } : {}) });

const settingsFor = (environment: string) => readSettings({ ...env, ENVIRONMENT: environment } as Env);

describe("edgeCountry", () => {
  it("trusts only request.cf in staging and production, never a header the client sent", () => {
    for (const environment of ["staging", "production"]) {
      const settings = { ...settingsFor("staging"), ENVIRONMENT: environment } as ReturnType<typeof readSettings>;
      expect(edgeCountry(settings, request({ "CF-IPCountry": "US" }))).toBeNull();
      expect(edgeCountry(settings, request({ "CF-IPCountry": "US" }, { country: "CA" }))).toBe("CA");
      expect(edgeCountry(settings, request({}, { country: "US" }))).toBe("US");
    }
  });

  it("lets the CF-IPCountry header stand in for request.cf in development and tests", () => {
    for (const environment of ["development", "test"]) {
      const settings = settingsFor(environment);
      expect(edgeCountry(settings, request({ "CF-IPCountry": "ca" }, { country: "US" }))).toBe("CA");
      expect(edgeCountry(settings, request({}, { country: "US" }))).toBe("US");
    }
  });

  it("answers null for a missing country, XX (unknown) and T1 (Tor)", () => {
    const settings = settingsFor("test");
    expect(edgeCountry(settings, request({}))).toBeNull();
    expect(edgeCountry(settings, request({ "CF-IPCountry": "" }))).toBeNull();
    expect(edgeCountry(settings, request({ "CF-IPCountry": "XX" }))).toBeNull();
    expect(edgeCountry(settings, request({ "CF-IPCountry": "T1" }))).toBeNull();
    expect(edgeCountry(settingsFor("staging"), request({}, { country: "T1" }))).toBeNull();
  });
});
