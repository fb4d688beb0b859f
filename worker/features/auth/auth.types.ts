export type Role = "player" | "admin";

export type AuthUser = {
  id: string;
  email: string;
  role: Role;
  sessionId: string;
  /** Signed up through a friend's code. Fixed once the address is confirmed, so for every session. */
  referred: boolean;
};
