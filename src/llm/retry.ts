/**
 * The one retry policy every provider call goes through (docs/llm.md). The SDKs' own retries
 * are switched off (`maxRetries: 0`) so this is the only place that decides.
 *
 * Providers turn whatever their SDK threw into a {@link CallFailure}; anything else (our own
 * JarvisErrors, bugs) is never retried and propagates unchanged.
 */

export type FailureKind = 'network' | 'http' | 'aborted';

/** A provider call that failed, described without reference to any SDK. */
export class CallFailure extends Error {
  readonly kind: FailureKind;
  /** HTTP status, when the server answered */
  readonly status?: number;
  /** response headers, names lower-cased */
  readonly headers: Readonly<Record<string, string>>;
  /** the provider's machine-readable code or type, e.g. `context_length_exceeded` */
  readonly providerCode?: string;

  constructor(
    kind: FailureKind,
    message: string,
    opts: { status?: number; headers?: Record<string, string>; providerCode?: string; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'CallFailure';
    this.kind = kind;
    this.status = opts.status;
    this.headers = opts.headers ?? {};
    this.providerCode = opts.providerCode;
  }
}

export interface RetryOptions {
  /** retries after the first attempt; 0 disables retrying */
  maxRetries: number;
  /** first backoff delay; doubles per attempt */
  baseDelayMs: number;
  /** backoff ceiling */
  maxDelayMs: number;
  /** a server-requested wait (Retry-After) is honoured up to this long */
  maxRetryAfterMs: number;
  /** [0, 1), for jitter; injectable so tests are exact */
  random: () => number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxRetries: 4,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
};

/** 408 timeout, 409 conflict (lock contention), 429 rate limit, 5xx (529 overloaded included). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * The wait a server asked for, in ms: `retry-after-ms` (OpenAI's extension), else `Retry-After`
 * as delay-seconds or an HTTP-date (RFC 9110 §10.2.3). Undefined when absent or unparseable.
 */
export function retryAfterMs(headers: Readonly<Record<string, string>>, now: number = Date.now()): number | undefined {
  const ms = headers['retry-after-ms'];
  if (ms !== undefined && ms.trim() !== '') {
    const n = Number(ms);
    if (Number.isFinite(n) && n >= 0) return n;
  }
  const ra = headers['retry-after']?.trim();
  if (!ra) return undefined;
  if (/^\d+(\.\d+)?$/.test(ra)) return Number(ra) * 1000;
  const at = Date.parse(ra);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * Pure policy: how long to wait before retrying after `attempt` (1-based) failed with `error`,
 * or 'stop'. Aborts, non-retryable statuses (400, 401, 403, 404, 413, 422 …) and anything that
 * is not a CallFailure stop at once.
 */
export function retryDelay(error: unknown, attempt: number, options: Partial<RetryOptions> = {}): number | 'stop' {
  const o = { ...DEFAULT_RETRY, ...options };
  if (!(error instanceof CallFailure) || error.kind === 'aborted') return 'stop';
  if (attempt > o.maxRetries) return 'stop';
  if (error.kind === 'http') {
    if (error.status === undefined || !isRetryableStatus(error.status)) return 'stop';
    const asked = retryAfterMs(error.headers);
    if (asked !== undefined) return Math.min(asked, o.maxRetryAfterMs);
  }
  const backoff = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** (attempt - 1));
  // "Equal jitter": at least half the backoff, so clients that failed together spread out
  // without ever retrying immediately.
  return Math.round(backoff / 2 + o.random() * (backoff / 2));
}

export interface RetryEvent {
  error: CallFailure;
  /** the attempt that failed, 1-based */
  attempt: number;
  delayMs: number;
}

export interface RunWithRetryOptions {
  signal?: AbortSignal;
  policy?: Partial<RetryOptions>;
  onRetry?: (event: RetryEvent) => void;
}

/**
 * Runs `fn` until it succeeds or the policy says stop; rethrows the last error unchanged.
 * An abort during the wait rejects at once with an aborted CallFailure.
 */
export async function runWithRetry<T>(fn: (attempt: number) => Promise<T>, opts: RunWithRetryOptions = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      const delay = retryDelay(error, attempt, opts.policy);
      if (delay === 'stop') throw error;
      if (opts.signal?.aborted) throw new CallFailure('aborted', 'aborted by the caller', { cause: error });
      opts.onRetry?.({ error: error as CallFailure, attempt, delayMs: delay });
      await sleep(delay, opts.signal);
    }
  }
}

/** setTimeout as a promise that an AbortSignal cuts short. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CallFailure('aborted', 'aborted by the caller'));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CallFailure('aborted', 'aborted by the caller'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
