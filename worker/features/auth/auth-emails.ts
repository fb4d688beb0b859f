import { composeEmail } from "../emails/compose-email";

const link = (appUrl: string, path: string) => new URL(path, appUrl).toString();

export const confirmationEmail = (appUrl: string, to: string, token: string) =>
  composeEmail({
    to,
    subject: "Confirm your Pickstreak account",
    blocks: [
      { kind: "heading", text: "Welcome to Pickstreak!" },
      {
        kind: "action",
        lead: "Please confirm your email address to finish creating your account:",
        label: "Confirm your email",
        url: link(appUrl, `/auth?mode=login&confirm=${encodeURIComponent(token)}`),
      },
      {
        kind: "paragraph",
        small: true,
        lines: [
          "The link works once and expires in 24 hours.",
          "If you did not sign up for Pickstreak, you can ignore this email.",
        ],
      },
    ],
  });

export const alreadyRegisteredEmail = (appUrl: string, to: string) =>
  composeEmail({
    to,
    subject: "Someone tried to sign up with your email",
    blocks: [
      {
        kind: "paragraph",
        lines: [
          "Someone (maybe you) tried to create a Pickstreak account with this email address, which already has an account.",
        ],
      },
      { kind: "action", lead: "Log in here:", label: "Log in", url: link(appUrl, "/auth?mode=login") },
      {
        kind: "link",
        lead: "Forgot your password? Reset it here:",
        label: "Reset your password",
        url: link(appUrl, "/password-reset"),
      },
      {
        kind: "paragraph",
        small: true,
        lines: ["If this was not you, you can ignore this email. Your account has not changed."],
      },
    ],
  });

export const passwordResetEmail = (appUrl: string, to: string, token: string) =>
  composeEmail({
    to,
    subject: "Reset your Pickstreak password",
    blocks: [
      { kind: "paragraph", lines: ["We received a request to reset the password of your Pickstreak account."] },
      {
        kind: "action",
        lead: "Choose a new password here:",
        label: "Choose a new password",
        url: link(appUrl, `/password-reset?token=${encodeURIComponent(token)}`),
      },
      {
        kind: "paragraph",
        small: true,
        lines: [
          "The link works once and expires in 60 minutes. Resetting signs you out on every device.",
          "If you did not ask for this, you can ignore this email; your password stays the same.",
        ],
      },
    ],
  });
