import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { signUp, signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { newReferralCode } from "./referral-code";
import {
  freeRandomUsername,
  isCleanUsername,
  isReservedUsername,
  randomUsername,
  USERNAME_ADJECTIVES,
  USERNAME_NOUNS,
  USERNAME_PATTERN,
  USERNAME_PROFANE_MESSAGE,
  USERNAME_RESERVED_MESSAGE,
} from "./username";

describe("random usernames", () => {
  it("are adjective + noun + digits and always valid", () => {
    for (let i = 0; i < 200; i++) {
      const name = randomUsername();
      expect(name).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/);
      expect(name).toMatch(USERNAME_PATTERN);
    }
  });

  it("never trip the profanity check", () => {
    for (const adjective of USERNAME_ADJECTIVES) {
      for (const noun of USERNAME_NOUNS) expect(isCleanUsername(`${adjective}${noun}1234`)).toBe(true);
    }
  });
});

describe("a free random username", () => {
  it("passes over a name another account holds in another letter case", async () => {
    await signUp("random-holder@example.com", { username: "SWIFTTIGER1000" });
    // The first five names drawn are all SwiftTiger1000, the next ones BoldFalcon1001.
    let draws = 0;
    const random = vi.spyOn(crypto, "getRandomValues").mockImplementation((array) => {
      if (array instanceof Uint32Array) array.fill(draws++ < 15 ? 0 : 1);
      return array;
    });
    try {
      expect(await freeRandomUsername(env.DB)).toBe("BoldFalcon1001");
    } finally {
      random.mockRestore();
    }
  });
});

describe("referral codes", () => {
  it("are 8 characters without look-alikes and practically unique", () => {
    const codes = Array.from({ length: 2000 }, newReferralCode);
    for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe("separators and look-alikes in names", () => {
  it.each([
    "f_u_c_k",
    "F_U_C_K",
    "f.u.c.k",
    "f-u-c-k",
    "s_h_1_t",
    "c_u_n_t",
    "b_i_t_c_h",
    "f\u200buck",
    "fu\u0441k",
    "Sh_1_t_Head",
  ])("finds the word in %s", (name) => expect(isCleanUsername(name)).toBe(false));

  it.each(["phuck", "kunt", "PHUCK_it", "my_kunt", "phuk", "fvck"])("finds a sound-alike in %s", (name) =>
    expect(isCleanUsername(name)).toBe(false),
  );

  it.each([
    "Streak_King",
    "Bass_Player",
    "Sussex_Fan",
    "Cocktail_Hour",
    "Scunthorpe_Utd",
    "Grass_Hopper",
    "Hit_Man",
    "Title_Town",
    "Phuket_Fan",
    "Kuntz_Family",
    "Skunk_Works",
  ])("lets %s through", (name) => expect(isCleanUsername(name)).toBe(true));
});

describe("reserved names", () => {
  it.each([
    "admin",
    "Administrator",
    "the_admin",
    "admin1",
    "SuperAdmin",
    "superadmin",
    "adm1n",
    "ADMIN_2",
    "Moderator",
    "mod",
    "Mod_Squad",
    "MODSquad",
    "m0d",
    "pickstreak",
    "pickstreak_support",
    "Pick_Streak",
    "P1ckStreakFan",
    "support",
    "JohnSupport",
    "system",
    "staff",
    "Staff_Pick",
    "official",
    "OfficialJohn",
    "root",
    "r00t",
    "deleted_user",
    "DeletedUser",
    "sysop",
    "helpdesk",
    "verified_tips",
    "bot",
    "Pick_Bot",
  ])("refuses %s", (name) => expect(isReservedUsername(name)).toBe(true));

  it.each([
    "Badminton_Fan",
    "Liverpool_Supporter",
    "Modern_Fan",
    "Model_Citizen",
    "Stafford",
    "Systematic",
    "Rooted",
    "Robot_Wars",
    "Bottle_Rocket",
    "MadMind",
    "Chad_Minter",
    "Streak_King",
    "Pick_Master",
    "Supersonic",
  ])("lets %s through", (name) => expect(isReservedUsername(name)).toBe(false));

  it.each([
    "billing",
    "owner",
    "help",
    "null",
    "undefined",
    "none",
    "Help_Desk",
    "The_Owner",
    "suppport",
    "Suport_Team",
    "moderater",
    "picksstreak",
    "pickstreek",
    "pikstreak",
    "Pick_Streek_Fan",
    "anonymus",
    "Offical_Tips",
  ])("refuses %s, and a reserved word misspelled by one letter", (name) => expect(isReservedUsername(name)).toBe(true));

  it.each([
    "Helpful_Hank",
    "Helper_Bee",
    "Nullarbor",
    "Nonesuch",
    "Downer_Fan",
    "Willing_Pick",
    "Billings_Fan",
    "Sporty_Spice",
    "Kickoff_King",
    "Streaker",
    "Undefeated",
    "Owen_Owens",
    "Sport_Fan",
  ])("lets %s through", (name) => expect(isReservedUsername(name)).toBe(false));

  it("never reserves a random name", () => {
    for (const adjective of USERNAME_ADJECTIVES) {
      for (const noun of USERNAME_NOUNS) expect(isReservedUsername(`${adjective}${noun}1234`)).toBe(false);
    }
  });
});

describe("every place a username is set", () => {
  type MeUpdate = Parameters<ReturnType<typeof apiClient>["me"]["$patch"]>[0]["json"];
  const patchMe = (account: TestAccount, json: MeUpdate) => apiClient({ headers: account.bearer }).me.$patch({ json });
  /** Status and body of an answer the client's types cannot describe: a route's errors are thrown, not returned. */
  const refused = async (answer: Promise<{ status: number; json(): Promise<unknown> }>) => {
    const response = await answer;
    return { status: response.status, body: await response.json() };
  };
  const refusal = (message: string) => ({
    status: 400,
    body: { error: { code: "validation_failed", message, field: "username" } },
  });

  it("refuses reserved and disguised names at sign-up", async () => {
    expect(await refused(signUp("names-1@example.com", { username: "the_admin" }))).toMatchObject(
      refusal(USERNAME_RESERVED_MESSAGE),
    );
    expect(await refused(signUp("names-1@example.com", { username: "f_u_c_k" }))).toMatchObject(
      refusal(USERNAME_PROFANE_MESSAGE),
    );
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE email = ?").bind("names-1@example.com").first()).toBeNull();
  });

  it.each([
    ["phuck", USERNAME_PROFANE_MESSAGE],
    ["kunt", USERNAME_PROFANE_MESSAGE],
    ["billing", USERNAME_RESERVED_MESSAGE],
    ["owner", USERNAME_RESERVED_MESSAGE],
    ["help", USERNAME_RESERVED_MESSAGE],
    ["null", USERNAME_RESERVED_MESSAGE],
    ["undefined", USERNAME_RESERVED_MESSAGE],
    ["suppport", USERNAME_RESERVED_MESSAGE],
    ["picksstreak", USERNAME_RESERVED_MESSAGE],
  ])("refuses %s at sign-up", async (username, message) => {
    expect(await refused(signUp(`names-${username}@example.com`, { username }))).toMatchObject(refusal(message));
  });

  it("refuses them on the profile, and leaves an account already named like this alone", async () => {
    const account = await signUpAndLogin("names-2@example.com", { username: "Plain_Name" });
    expect(await refused(patchMe(account, { username: "pickstreak_support" }))).toMatchObject(
      refusal(USERNAME_RESERVED_MESSAGE),
    );
    expect(await refused(patchMe(account, { username: "f_u_c_k" }))).toMatchObject(refusal(USERNAME_PROFANE_MESSAGE));

    await env.DB.prepare("UPDATE users SET username = 'Admin' WHERE id = ?").bind(account.userId).run();
    expect(await successOf(patchMe(account, { country: "DE" }))).toMatchObject({
      status: 200,
      body: { user: { username: "Admin", country: "DE" } },
    });
  });
});
