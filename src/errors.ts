/** Every failure the server reports has a code; the HTTP status comes from this one map. */
export const ERROR_STATUS = {
  bad_request: 400,
  unsupported_parameter: 400,
  unsupported_value: 400,
  invalid_json: 400,
  validation: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  unknown_source: 404,
  unknown_model: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  overloaded: 429,
  embedder_mismatch: 409,
  conflict: 409,
  source_busy: 409,
  config: 500,
  upstream: 502,
  timeout: 504,
  index_stuck: 500,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  static is(e: unknown, code?: ErrorCode): e is AppError {
    return e instanceof AppError && (code === undefined || e.code === code);
  }
}

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
