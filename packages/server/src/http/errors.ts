/**
 * AppError carries a catalogue code; the error handler turns it into the envelope in the request's
 * language. Services throw AppError for every business failure and never build responses.
 */
import { ERRORS, type ErrorCode } from '@tessera/shared';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(code);
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}
