import { createRouter } from "../../lib/router";
import { passwordResetRoutes } from "./password-reset.routes";
import { sessionRoutes } from "./session.routes";
import { signupRoutes } from "./signup.routes";

export const authRoutes = createRouter()
  .route("/", signupRoutes)
  .route("/", sessionRoutes)
  .route("/", passwordResetRoutes);
