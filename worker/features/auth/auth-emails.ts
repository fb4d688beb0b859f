import type { Email } from "../../lib/mailer";

const link = (appUrl: string, path: string) => new URL(path, appUrl).toString();

export const confirmationEmail = (appUrl: string, to: string, token: string): Email => ({
  to,
  subject: "Confirm your Pickstreak account",
  text: [
    "Welcome to Pickstreak!",
    "",
    "Please confirm your email address to finish creating your account:",
    link(appUrl, `/auth?mode=login&confirm=${encodeURIComponent(token)}`),
    "",
    "The link works once and expires in 24 hours.",
    "If you did not sign up for Pickstreak, you can ignore this email.",
  ].join("\n"),
});

export const alreadyRegisteredEmail = (appUrl: string, to: string): Email => ({
  to,
  subject: "Someone tried to sign up with your email",
  text: [
    "Someone (maybe you) tried to create a Pickstreak account with this email address, which already has an account.",
    "",
    "Log in here:",
    link(appUrl, "/auth?mode=login"),
    "",
    "Forgot your password? Reset it here:",
    link(appUrl, "/password-reset"),
    "",
    "If this was not you, you can ignore this email. Your account has not changed.",
  ].join("\n"),
});

export const passwordResetEmail = (appUrl: string, to: string, token: string): Email => ({
  to,
  subject: "Reset your Pickstreak password",
  text: [
    "We received a request to reset the password of your Pickstreak account.",
    "",
    "Choose a new password here:",
    link(appUrl, `/password-reset?token=${encodeURIComponent(token)}`),
    "",
    "The link works once and expires in 60 minutes. Resetting signs you out on every device.",
    "If you did not ask for this, you can ignore this email; your password stays the same.",
  ].join("\n"),
});
