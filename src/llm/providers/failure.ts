import { JarvisError } from '../../util/index.js';
import { CallFailure } from '../retry.js';

/**
 * Translation of SDK errors into {@link CallFailure} (for the retry policy) and of the final
 * failure into the JarvisError the user sees. Both official SDKs share one error shape
 * (Stainless-generated), so one function serves both given the SDK's classes.
 */

// Constructors of unknown signature: `instanceof` is all we use them for.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ErrorClass = abstract new (...args: any[]) => Error;

export interface SdkErrorClasses {
  APIError: ErrorClass;
  APIUserAbortError: ErrorClass;
  APIConnectionError: ErrorClass;
}

interface SdkApiErrorShape {
  status?: number;
  headers?: Headers;
  error?: unknown;
  code?: unknown;
}

function headerRecord(headers: Headers | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  headers?.forEach((value, key) => {
    out[key.toLowerCase()] = value;
  });
  return out;
}

/** The provider's code/type from an error body: OpenAI `{error:{code,type}}`, Anthropic `{error:{type}}`. */
function providerCodeOf(e: SdkApiErrorShape): string | undefined {
  if (typeof e.code === 'string') return e.code;
  const body = e.error as { code?: unknown; type?: unknown; error?: { type?: unknown; code?: unknown } } | undefined;
  const candidates = [body?.error?.code, body?.code, body?.error?.type, body?.type];
  return candidates.find((c): c is string => typeof c === 'string' && c !== 'error');
}

function messageWithCause(e: Error): string {
  const cause = e.cause instanceof Error ? e.cause.message : undefined;
  return cause && !e.message.includes(cause) ? `${e.message} (${cause})` : e.message;
}

export function toCallFailure(e: unknown, signal: AbortSignal, sdk: SdkErrorClasses): CallFailure {
  if (e instanceof CallFailure) return e;
  if (signal.aborted || e instanceof sdk.APIUserAbortError || (e instanceof Error && e.name === 'AbortError')) {
    return new CallFailure('aborted', 'aborted by the caller', { cause: e });
  }
  if (e instanceof sdk.APIConnectionError) return new CallFailure('network', messageWithCause(e), { cause: e });
  if (e instanceof sdk.APIError) {
    const shape = e as SdkApiErrorShape;
    const providerCode = providerCodeOf(shape);
    // An error event inside an SSE stream has no HTTP status; "overloaded" there means 529.
    const status = shape.status ?? (providerCode === 'overloaded_error' ? 529 : undefined);
    return new CallFailure('http', e.message, { status, headers: headerRecord(shape.headers), providerCode, cause: e });
  }
  // undici's "terminated", ECONNRESET and the like: the connection broke mid-reply.
  if (e instanceof Error) return new CallFailure('network', messageWithCause(e), { cause: e });
  return new CallFailure('network', String(e));
}

const CONTEXT_TOO_LONG =
  /context[ _-]?length|context window|maximum context|prompt is too long|too many tokens|reduce the length|input is too long|exceeds the model/i;

/** OpenAI `context_length_exceeded`, Anthropic "prompt is too long", 413, and look-alikes. */
export function isContextTooLong(f: CallFailure): boolean {
  if (f.kind !== 'http') return false;
  if (f.providerCode === 'context_length_exceeded' || f.providerCode === 'request_too_large') return true;
  if (f.status === 413) return true;
  return (f.status === 400 || f.status === undefined) && CONTEXT_TOO_LONG.test(f.message);
}

export interface FailureContext {
  platform: string;
  model: string;
  baseUrl: string;
  /** env var the key came from; undefined when none is configured */
  apiKeyEnv?: string;
  /** only used to scrub the key from provider messages */
  apiKey?: string;
  attempts: number;
}

function scrub(text: string, secret: string | undefined): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const short = oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
  return secret && secret.length >= 4 ? short.split(secret).join('***') : short;
}

/** The one-line error the user sees when a model call has failed for good. */
export function failureToJarvisError(f: CallFailure, c: FailureContext): JarvisError {
  const msg = scrub(f.message, c.apiKey);
  const data = { platform: c.platform, model: c.model, status: f.status, attempts: c.attempts };
  const tries = c.attempts > 1 ? ` after ${c.attempts} attempts` : '';
  if (f.kind === 'aborted') {
    return new JarvisError('llm_aborted', `${c.platform}: the model call was aborted`, { data, cause: f });
  }
  if (f.kind === 'network') {
    return new JarvisError('llm_network', `${c.platform}: no complete reply from ${c.baseUrl}${tries}: ${msg}`, {
      hint: 'check the network connection and base_url in the model config',
      data,
      cause: f,
    });
  }
  if (f.status === 401 || f.status === 403) {
    const where = c.apiKeyEnv ? `check the API key in $${c.apiKeyEnv}` : 'no api_key_env is configured for this model';
    return new JarvisError('llm_auth', `authentication failed (HTTP ${f.status}): ${where}`, {
      hint: c.apiKeyEnv
        ? `set ${c.apiKeyEnv} to a valid key for ${c.baseUrl}`
        : 'set api_key_env in the model config to the environment variable holding the key',
      data,
      cause: f,
    });
  }
  if (isContextTooLong(f)) {
    return new JarvisError('llm_context_too_long', `${c.platform}: the request exceeds the model's context window: ${msg}`, {
      hint: 'shorten the conversation or use a model with a larger context_window',
      data,
      cause: f,
    });
  }
  const status = f.status === undefined ? 'error' : `HTTP ${f.status}`;
  const hint = f.status === 404 ? 'check model and base_url in the model config' : undefined;
  return new JarvisError('llm_http', `${c.platform} ${status} from ${c.baseUrl}${tries}: ${msg}`, { hint, data, cause: f });
}
