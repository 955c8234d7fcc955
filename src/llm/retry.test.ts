import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallFailure, retryAfterMs, retryDelay, runWithRetry, sleep } from './retry.js';

const http = (status: number, headers: Record<string, string> = {}): CallFailure =>
  new CallFailure('http', `HTTP ${status}`, { status, headers });
const network = (): CallFailure => new CallFailure('network', 'ECONNRESET');
const exact = { random: () => 0.5, baseDelayMs: 1000, maxDelayMs: 30_000, maxRetries: 4 };

describe('retryDelay', () => {
  it.each([408, 409, 429, 500, 502, 503, 529])('retries HTTP %i', (status) => {
    expect(retryDelay(http(status), 1, exact)).toBe(750);
  });

  it.each([400, 401, 403, 404, 413, 422])('never retries HTTP %i', (status) => {
    expect(retryDelay(http(status), 1, exact)).toBe('stop');
  });

  it('never retries an abort, a JarvisError-like error or a plain bug', () => {
    expect(retryDelay(new CallFailure('aborted', 'aborted'), 1, exact)).toBe('stop');
    expect(retryDelay(new TypeError('x is undefined'), 1, exact)).toBe('stop');
  });

  it('backs off exponentially with jitter between half and all of the step, up to the ceiling', () => {
    expect(retryDelay(network(), 1, { ...exact, random: () => 0 })).toBe(500);
    expect(retryDelay(network(), 1, { ...exact, random: () => 0.999999 })).toBe(1000);
    expect(retryDelay(network(), 2, exact)).toBe(1500);
    expect(retryDelay(network(), 3, exact)).toBe(3000);
    expect(retryDelay(network(), 4, { ...exact, maxDelayMs: 5000 })).toBe(3750);
  });

  it('stops once maxRetries retries have been spent', () => {
    expect(retryDelay(network(), 4, exact)).not.toBe('stop');
    expect(retryDelay(network(), 5, exact)).toBe('stop');
    expect(retryDelay(network(), 1, { ...exact, maxRetries: 0 })).toBe('stop');
  });

  it('honours Retry-After seconds, retry-after-ms, and caps what it honours', () => {
    expect(retryDelay(http(429, { 'retry-after': '7' }), 1, exact)).toBe(7000);
    expect(retryDelay(http(503, { 'retry-after-ms': '250' }), 1, exact)).toBe(250);
    expect(retryDelay(http(429, { 'retry-after': '3600' }), 1, { ...exact, maxRetryAfterMs: 60_000 })).toBe(60_000);
  });

  it('falls back to backoff when Retry-After is garbage', () => {
    expect(retryDelay(http(429, { 'retry-after': 'soon' }), 1, exact)).toBe(750);
  });
});

describe('retryAfterMs', () => {
  it('reads an HTTP-date relative to now and clamps past dates to zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, now)).toBe(5000);
    expect(retryAfterMs({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, now)).toBe(0);
    expect(retryAfterMs({}, now)).toBeUndefined();
  });
});

describe('runWithRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits the policy delay before each retry, then returns the result', async () => {
    const started: number[] = [];
    const fn = vi.fn(async () => {
      started.push(Date.now());
      if (started.length < 3) throw http(429, { 'retry-after': '2' });
      return 'done';
    });
    const t0 = Date.now();
    const p = runWithRetry(fn, { policy: exact });
    await vi.advanceTimersByTimeAsync(1999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(p).resolves.toBe('done');
    expect(started.map((t) => t - t0)).toEqual([0, 2000, 4000]);
  });

  it('rethrows a non-retryable error unchanged on the first attempt', async () => {
    const err = http(401);
    const fn = vi.fn(async () => {
      throw err;
    });
    await expect(runWithRetry(fn, { policy: exact })).rejects.toBe(err);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('tells onRetry about each retry', async () => {
    const seen: Array<[number, number]> = [];
    let n = 0;
    const p = runWithRetry(
      async () => {
        if (++n < 3) throw network();
        return n;
      },
      { policy: exact, onRetry: (e) => seen.push([e.attempt, e.delayMs]) },
    );
    await vi.runAllTimersAsync();
    await expect(p).resolves.toBe(3);
    expect(seen).toEqual([
      [1, 750],
      [2, 1500],
    ]);
  });

  it('stops waiting at once when the caller aborts during the backoff', async () => {
    const controller = new AbortController();
    const fn = vi.fn(async () => {
      throw network();
    });
    const p = runWithRetry(fn, { policy: exact, signal: controller.signal });
    const outcome = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    const err = await outcome;
    expect(err).toBeInstanceOf(CallFailure);
    expect((err as CallFailure).kind).toBe('aborted');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('sleep rejects immediately on an already aborted signal', async () => {
    await expect(sleep(10_000, AbortSignal.abort())).rejects.toMatchObject({ kind: 'aborted' });
  });
});
