import {
  ERROR_CODES,
  type ErrorCode,
  type FieldError,
  type RpcErrorPayload,
} from '@nl/contracts-core';

type DomainErrorExtra = Omit<RpcErrorPayload, 'code' | 'message'>;

/**
 * A failure with a code from the registry. Services throw it; the gateway alone turns the code into
 * an HTTP status. `body` carries a spec-defined error body.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code],
    readonly extra: DomainErrorExtra = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toPayload(): RpcErrorPayload {
    return { code: this.code, message: this.message, ...this.extra };
  }

  static fromPayload(payload: RpcErrorPayload): DomainError {
    const { code, message, ...extra } = payload;
    return new DomainError(code, message, extra);
  }

  static validation(errors: readonly FieldError[]): DomainError {
    return new DomainError('validation_failed', ERROR_CODES.validation_failed, { errors });
  }

  /** Not found, answered with the body the spec defines for this endpoint. */
  static notFound(body: unknown, message: string = ERROR_CODES.not_found): DomainError {
    return new DomainError('not_found', message, { body });
  }
}
