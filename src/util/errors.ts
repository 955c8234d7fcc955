/**
 * Errors the user can act on. `src/cli` prints `message` and `hint` on one line each;
 * the stack only with --debug. Anything that is not a JarvisError is a bug and shows as one.
 */
export type ErrorCode =
  | 'usage'
  | 'config'
  | 'config_missing_model'
  | 'io'
  | 'not_found'
  | 'llm_auth'
  | 'llm_http'
  | 'llm_network'
  | 'llm_aborted'
  | 'llm_context_too_long'
  | 'llm_script'
  | 'tool'
  | 'parse'
  | 'internal';

export class JarvisError extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly exitCode: number;
  readonly data?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { hint?: string; exitCode?: number; data?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'JarvisError';
    this.code = code;
    this.hint = opts.hint;
    this.exitCode = opts.exitCode ?? (code === 'usage' ? 2 : 1);
    this.data = opts.data;
  }
}

export function isJarvisError(e: unknown): e is JarvisError {
  return e instanceof JarvisError;
}

/** A short, single-line description of any thrown value. */
export function describeError(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
