import { isPlainObject, type PlainObject } from './merge.js';

/**
 * Keys whose values must never be printed. Matches whole words of the key (`api_key`,
 * `x-api-key`, `Authorization`, `access_token`, `client_secret`), not `max_tokens`.
 */
const SECRET_KEY = /(^|[_-])(api[_-]?key|token|secret|password|passwd|authorization|cookie)$/i;

/** `*_env` keys hold the name of a variable, never its value, so they are safe to show. */
export function isSecretKey(key: string): boolean {
  return !/_env$/i.test(key) && SECRET_KEY.test(key);
}

export const REDACTED = '***';

/** A deep copy with every secret-looking value replaced by `***`. */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => redactSecrets(v)) as T;
  if (!isPlainObject(value)) return value;
  const out: PlainObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) && v !== undefined ? REDACTED : redactSecrets(v);
  return out as T;
}
