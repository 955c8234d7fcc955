/**
 * Scrubs secrets from anything written to disk (transcripts, run.json). Three nets, so a key
 * that reaches a record by an unexpected path (echoed in an error message, pasted in a prompt)
 * is still caught: the exact values of the secret environment variables, the values under
 * secret-named keys, and secret-shaped text (`Authorization: Bearer …`, `sk-…` keys).
 */

import type { LlmGroup } from '../util/config/index.js';

export const REDACTED = '***';

/** Every `api_key_env` named in the model groups: the variables whose values are secrets. */
export function apiKeyEnvNames(groups: Readonly<Record<string, LlmGroup>>): string[] {
  const names = new Set<string>();
  for (const g of Object.values(groups)) {
    for (const m of [g.normal, g.cheap]) if (m?.api_key_env) names.add(m.api_key_env);
  }
  return [...names].sort();
}

export interface RedactorOptions {
  /** env var names that hold secrets: every `api_key_env` of the configuration */
  secretEnvNames?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

export type Redactor = <T>(value: T) => T;

/** Env names that look like credentials even when no config names them. */
const SECRET_ENV_NAME = /(?:API_?KEY|_TOKEN|_SECRET|_PASSWORD)$/i;
/** Shorter values would redact ordinary words and numbers everywhere. */
const MIN_SECRET_LENGTH = 6;

const SECRET_KEYS = new Set(['authorization', 'proxyauthorization', 'xapikey', 'apikey', 'apitoken', 'accesstoken', 'secret', 'password']);

const SECRET_TEXT: readonly [RegExp, string][] = [
  [/\b((?:proxy-)?authorization|x-api-key|api[_-]?key)(["']?\s*[:=]\s*["']?)(bearer\s+|basic\s+)?[^\s"',;]+/gi, `$1$2$3${REDACTED}`],
  [/\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}/g, `sk-${REDACTED}`],
];

/** The values to scrub: named env vars plus credential-looking ones, longest first. */
export function secretValues(options: RedactorOptions = {}): string[] {
  const env = options.env ?? process.env;
  const names = new Set(options.secretEnvNames ?? []);
  for (const name of Object.keys(env)) if (SECRET_ENV_NAME.test(name)) names.add(name);
  const values = new Set<string>();
  for (const name of names) {
    const v = env[name]?.trim();
    if (v && v.length >= MIN_SECRET_LENGTH) values.add(v);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  for (const [re, repl] of SECRET_TEXT) out = out.replace(re, repl);
  return out;
}

const isSecretKey = (key: string): boolean => SECRET_KEYS.has(key.toLowerCase().replace(/[-_]/g, ''));

/**
 * Returns a function that deep-copies a JSON-like value with secrets replaced by `***`.
 * The secret values are read once, when the redactor is made.
 */
export function createRedactor(options: RedactorOptions = {}): Redactor {
  const secrets = secretValues(options);
  const walk = (v: unknown, seen: WeakSet<object>): unknown => {
    if (typeof v === 'string') return redactText(v, secrets);
    if (v === null || typeof v !== 'object') return v;
    const toJSON = (v as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return walk(toJSON.call(v), seen);
    if (seen.has(v)) return '[circular]';
    seen.add(v);
    let out: unknown;
    if (Array.isArray(v)) out = v.map((x) => walk(x, seen));
    else {
      const o: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) o[k] = isSecretKey(k) && x !== null && x !== '' ? REDACTED : walk(x, seen);
      out = o;
    }
    seen.delete(v);
    return out;
  };
  return <T>(value: T): T => walk(value, new WeakSet()) as T;
}
