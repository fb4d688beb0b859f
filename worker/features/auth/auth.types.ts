export type Role = "player" | "admin";

export type AuthUser = {
  id: string;
  email: string;
  role: Role;
  sessionId: string;
  /** The friend whose code the player signed up with. Fixed once the address is confirmed, so for every session. */
  referrerId: string | null;
};
