export type Role = "player" | "admin";

/** What a valid access token says: who, in which session, with which role. */
export type AccessClaims = { userId: string; sessionId: string; role: Role; referred?: boolean };

/** A signed token whose session has not been checked yet: the route checks it in the same batch as its own read or write. */
export type PendingSession = { claims: AccessClaims };

/** The signed-in player (or admin) a request acts for, once their session is known to be live. */
export type AuthUser = {
  id: string;
  email: string;
  role: Role;
  sessionId: string;
  /** The friend whose code the player signed up with. Fixed once the address is confirmed, so for every session. */
  referrerId: string | null;
};
