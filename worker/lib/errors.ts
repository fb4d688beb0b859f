import type { ContentfulStatusCode } from "hono/utils/http-status";

export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  invalid_token: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  insufficient_credits: 402,
  forbidden: 403,
  email_not_confirmed: 403,
  not_found: 404,
  conflict: 409,
  duplicate: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rule_violation: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

export type ErrorBody = {
  error: { code: ErrorCode; message: string } & Record<string, unknown>;
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers that belong to the error, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return { error: { ...this.extra, code: this.code, message: this.message } };
  }
}

export const GENERIC_ERROR_MESSAGE = "An error occurred";
