import type { ErrorCode } from '@vt/rules';

/** Errors are data: a stable snake_case code from the spec's catalogue (@vt/rules), mapped to text by the web app. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field?: string;
  readonly info?: unknown;

  constructor(
    code: ErrorCode,
    opts: { status?: number; field?: string; info?: unknown; message?: string } = {},
  ) {
    super(opts.message ?? code);
    this.code = code;
    this.status = opts.status ?? 400;
    this.field = opts.field;
    this.info = opts.info;
  }
}

export const notFound = (code: ErrorCode = 'not_found') => new AppError(code, { status: 404 });
