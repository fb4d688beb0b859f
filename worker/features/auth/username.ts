import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const USERNAME_EMPTY_MESSAGE = "Username cannot be empty. Reverted to previous name.";
export const USERNAME_PROFANE_MESSAGE = "Inappropriate Content Detected";
export const USERNAME_FORMAT_MESSAGE = "Username must be 3 to 20 characters: letters, numbers and underscores only";
export const USERNAME_TAKEN_MESSAGE = "Username is already taken";

let matcher: RegExpMatcher | undefined;

/** Built on first use: compiling the dataset costs a few milliseconds that most requests do not need. */
export const isCleanUsername = (name: string): boolean => {
  matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  return !matcher.hasMatch(name);
};

export const USERNAME_ADJECTIVES = [
  "Swift", "Bold", "Lucky", "Clever", "Brave", "Sunny", "Mighty", "Quick", "Calm", "Jolly",
  "Keen", "Witty", "Golden", "Silver", "Rapid", "Steady", "Daring", "Happy", "Noble", "Bright",
] as const;

export const USERNAME_NOUNS = [
  "Tiger", "Falcon", "Otter", "Panda", "Eagle", "Comet", "Rocket", "Wolf", "Fox", "Hawk",
  "Lion", "Bear", "Shark", "Raven", "Bison", "Moose", "Badger", "Lynx", "Heron", "Orca",
] as const;

const pick = <T>(items: readonly T[]): T => items[crypto.getRandomValues(new Uint32Array(1))[0]! % items.length]!;

/** Adjective + noun + 4 digits: at most 16 characters, so always a valid username. */
export const randomUsername = (): string =>
  `${pick(USERNAME_ADJECTIVES)}${pick(USERNAME_NOUNS)}${1000 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 9000)}`;

export const isUsernameTaken = async (d1: D1Database, username: string): Promise<boolean> =>
  (await d1.prepare("SELECT 1 FROM users WHERE username = ?").bind(username).first()) !== null;

/** Tries a handful of random names at once and keeps the first free one (usernames compare without case). */
export const freeRandomUsername = async (d1: D1Database): Promise<string> => {
  const candidates = Array.from({ length: 5 }, randomUsername);
  const taken = await d1
    .prepare(`SELECT lower(username) AS name FROM users WHERE username IN (${candidates.map(() => "?").join(", ")})`)
    .bind(...candidates)
    .all<{ name: string }>();
  const takenNames = new Set(taken.results.map((row) => row.name));
  return candidates.find((name) => !takenNames.has(name.toLowerCase())) ?? freeRandomUsername(d1);
};
