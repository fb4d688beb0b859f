import { disposableEmailBlocklist } from "disposable-email-domains-js";
import { AppError } from "../../lib/errors";

export const PERMANENT_EMAIL_MESSAGE = "Please use a permanent email address.";

let blocklist: Set<string> | undefined;

/**
 * Whether the address is at a throwaway-inbox service, or at a subdomain of one (`inbox.guerrillamail.com`). The
 * list is the community-kept disposable-email-domains one, as its npm package ships it; the set is built on first
 * use, since most requests never sign anyone up.
 */
export const isDisposableEmail = (email: string): boolean => {
  const domains = (blocklist ??= new Set(disposableEmailBlocklist()));
  const address = email.trim().toLowerCase();
  const labels = address.slice(address.lastIndexOf("@") + 1).split(".");
  return labels.some((_, index) => index < labels.length - 1 && domains.has(labels.slice(index).join(".")));
};

/** Bonuses are once per mailbox; an inbox that costs nothing to make would make them once per minute. */
export const refuseDisposableEmail = (email: string): void => {
  if (isDisposableEmail(email)) throw new AppError("validation_failed", PERMANENT_EMAIL_MESSAGE, { field: "email" });
};
