export type Role = "player" | "admin";

export type AuthUser = {
  id: string;
  email: string;
  role: Role;
  sessionId: string;
};
