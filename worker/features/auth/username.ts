import { and, eq, inArray, ne, sql } from "drizzle-orm";
import {
  createSimpleTransformer,
  DataSet,
  englishDataset,
  englishRecommendedBlacklistMatcherTransformers,
  englishRecommendedTransformers,
  pattern,
  RegExpMatcher,
} from "obscenity";
import { createDb } from "../../db/client";
import { users } from "../../db/schema";

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const USERNAME_EMPTY_MESSAGE = "Username cannot be empty. Reverted to previous name.";
export const USERNAME_PROFANE_MESSAGE = "Inappropriate Content Detected";
export const USERNAME_FORMAT_MESSAGE = "Username must be 3 to 20 characters: letters, numbers and underscores only";
export const USERNAME_TAKEN_MESSAGE = "Username is already taken";
export const USERNAME_RESERVED_MESSAGE = "This username is reserved. Please choose another.";

const isAsciiAlphanumeric = (char: number) =>
  (char >= 48 && char <= 57) || (char >= 65 && char <= 90) || (char >= 97 && char <= 122);

/** ASCII that is neither letter nor digit, and the invisible joiners: `f_u_c_k`, `f.u.c.k` and `f\u200buck` read `fuck`. */
const isSeparator = (char: number) =>
  (char < 128 && !isAsciiAlphanumeric(char)) ||
  (char >= 0x200b && char <= 0x200d) ||
  char === 0x2060 ||
  char === 0xfeff;

/**
 * The library's recommended chain (look-alikes, leetspeak, case, repeats) with separators dropped before repeats
 * collapse. Its authors leave skipping out of the default for running text, where it joins neighbouring words; a
 * username is one word, and a name like `Sean_Al` then reads as `SeanAl` already does.
 */
const BLACKLIST_TRANSFORMERS = [
  ...englishRecommendedBlacklistMatcherTransformers.slice(0, -1),
  createSimpleTransformer((char) => (isSeparator(char) ? undefined : char)),
  ...englishRecommendedBlacklistMatcherTransformers.slice(-1),
];

/**
 * Sound-alike spellings the English dataset misses (`ph` for `f`, `k` for `c`), under the words they stand for:
 * `kunt` with the boundaries the dataset gives `cunt`, and names that merely contain one (`Phuket`, `Kuntz`) whitelisted.
 */
const usernameDataset = () =>
  new DataSet<{ originalWord: string }>()
    .addAll(englishDataset)
    .addPhrase((phrase) =>
      phrase
        .setMetadata({ originalWord: "fuck" })
        .addPattern(pattern`phuck`)
        .addPattern(pattern`phuk`)
        .addWhitelistedTerm("phuket"),
    )
    .addPhrase((phrase) =>
      phrase
        .setMetadata({ originalWord: "cunt" })
        .addPattern(pattern`|kunt`)
        .addPattern(pattern`kunt|`)
        .addWhitelistedTerm("kuntz"),
    );

let matcher: RegExpMatcher | undefined;

/** Built on first use: compiling the dataset costs a few milliseconds that most requests do not need. */
export const isCleanUsername = (name: string): boolean => {
  matcher ??= new RegExpMatcher({
    ...usernameDataset().build(),
    ...englishRecommendedTransformers,
    blacklistMatcherTransformers: BLACKLIST_TRANSFORMERS,
  });
  return !matcher.hasMatch(name);
};

/** Staff and system words that may not start or end any word of a name (`the_admin`, `SuperAdmin`, `admin1`). */
const RESERVED_AFFIXES = ["admin", "moderator", "official", "deleted"];
/** Short or common words that are reserved only as a whole word (`Mod_Squad`, not `Modern`; `Staff`, not `Stafford`). */
const RESERVED_WORDS = new Set([
  "mod",
  "mods",
  "root",
  "staff",
  "support",
  "system",
  "sysop",
  "bot",
  "helpdesk",
  "security",
  "verified",
  "anonymous",
  "owner",
  "billing",
  "help",
  "null",
  "undefined",
  "none",
]);
/**
 * Staff words also reserved one typo away (`suppport`, `moderater`): hardly an everyday word or name is one letter
 * from them, as `willing` is from `billing`, `hell` from `help` and `unrefined` from `undefined`.
 */
const RESERVED_NEAR_WORDS = [
  "support",
  "moderator",
  "administrator",
  "official",
  "helpdesk",
  "security",
  "verified",
  "anonymous",
];
const BRAND = "pickstreak";

/** Levenshtein distance of at most one: one letter added, dropped or changed. */
const withinOneEdit = (a: string, b: string): boolean => {
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return endA - start <= 1 && endB - start <= 1;
};

/** The brand, or one typo from it, anywhere in the letters (`picksstreak`, `Pick_Streek_Fan`). */
const containsBrand = (letters: string) =>
  [BRAND.length - 1, BRAND.length, BRAND.length + 1].some((length) =>
    Array.from({ length: Math.max(0, letters.length - length + 1) }, (_, at) => letters.slice(at, at + length)).some(
      (part) => withinOneEdit(part, BRAND),
    ),
  );
const DIGIT_LETTERS: Record<string, string> = { 0: "o", 3: "e", 4: "a", 5: "s", 7: "t", 8: "b", 9: "g" };

/** The name as typed and with digits read as letters (`adm1n`, `r00t`); `1` reads both ways. */
const spellings = (name: string) =>
  ["i", "l"]
    .map((one) => name.replace(/\d/g, (digit) => (digit === "1" ? one : (DIGIT_LETTERS[digit] ?? digit))))
    .concat(name);

/** Words split at underscores and digits, and again at case changes (`JohnSupport`, `MODSquad`). */
const wordsOf = (spelling: string) =>
  [...spelling.split(/[_\d]+/), ...(spelling.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g) ?? [])].map((word) =>
    word.toLowerCase(),
  );

/**
 * Names that could pass for staff or a system account. Reserved: any word of the name that is one of the short
 * words or one typo from a long one, or starts or ends with one of the affixes (so `Badminton_Fan` and
 * `Liverpool_Supporter` stay free), and the brand or a typo of it anywhere once separators are gone (`Pick_Streak`,
 * `picksstreak`). Only new names are checked: accounts already named like this keep their name.
 */
export const isReservedUsername = (name: string): boolean =>
  spellings(name).some((spelling) => {
    if (containsBrand(spelling.toLowerCase().replace(/[^a-z]/g, ""))) return true;
    return wordsOf(spelling).some(
      (word) =>
        RESERVED_WORDS.has(word) ||
        RESERVED_NEAR_WORDS.some((reserved) => withinOneEdit(word, reserved)) ||
        RESERVED_AFFIXES.some((affix) => word.startsWith(affix) || word.endsWith(affix)),
    );
  });

export const USERNAME_ADJECTIVES = [
  "Swift",
  "Bold",
  "Lucky",
  "Clever",
  "Brave",
  "Sunny",
  "Mighty",
  "Quick",
  "Calm",
  "Jolly",
  "Keen",
  "Witty",
  "Golden",
  "Silver",
  "Rapid",
  "Steady",
  "Daring",
  "Happy",
  "Noble",
  "Bright",
] as const;

export const USERNAME_NOUNS = [
  "Tiger",
  "Falcon",
  "Otter",
  "Panda",
  "Eagle",
  "Comet",
  "Rocket",
  "Wolf",
  "Fox",
  "Hawk",
  "Lion",
  "Bear",
  "Shark",
  "Raven",
  "Bison",
  "Moose",
  "Badger",
  "Lynx",
  "Heron",
  "Orca",
] as const;

const pick = <T>(items: readonly T[]): T => items[crypto.getRandomValues(new Uint32Array(1))[0]! % items.length]!;

/** Adjective + noun + 4 digits: at most 16 characters, so always a valid username. */
export const randomUsername = (): string =>
  `${pick(USERNAME_ADJECTIVES)}${pick(USERNAME_NOUNS)}${1000 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 9000)}`;

/** `exceptUserId`: an unconfirmed account re-signing up may keep the name it holds. */
export const isUsernameTaken = async (d1: D1Database, username: string, exceptUserId = ""): Promise<boolean> => {
  const holders = await createDb(d1)
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), ne(users.id, exceptUserId)))
    .limit(1);
  return holders.length > 0;
};

/** Tries a handful of random names at once and keeps the first free one (usernames compare without case). */
export const freeRandomUsername = async (d1: D1Database): Promise<string> => {
  const candidates = Array.from({ length: 5 }, randomUsername);
  const taken = await createDb(d1)
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(users.username, candidates));
  const takenNames = new Set(taken.map((row) => row.name));
  return candidates.find((name) => !takenNames.has(name.toLowerCase())) ?? freeRandomUsername(d1);
};
