import { JarvisError } from '../../util/index.js';
import type { PlatformContext } from '../platform.js';
import type { RetryOptions } from '../retry.js';

/** Knobs tests and embedders may set on the HTTP platforms; users configure through ModelConfig. */
export interface HttpPlatformOptions {
  retry?: Partial<RetryOptions>;
  maxContinuations?: number;
}

export function requireModel(ctx: PlatformContext): string {
  const model = ctx.config.model;
  if (!model) {
    throw new JarvisError('config', `${ctx.config.platform}: the model config has no \`model\``, {
      hint: 'add model: <name> next to platform in llm_groups',
    });
  }
  return model;
}

export interface ResolvedKey {
  /** sent to the server; a placeholder when none is needed */
  key: string;
  /** the env var it came from, for error messages */
  env?: string;
}

/**
 * Reads the key from the env var the config names, before any request is made, so a missing
 * key is one clear line instead of a 401. `fallbackEnv` is the vendor's conventional variable
 * for providers that always need a key; without one (local OpenAI-compatible servers such as
 * Ollama or llama.cpp) no key is required and a placeholder is sent.
 */
export function resolveApiKey(ctx: PlatformContext, fallbackEnv?: string): ResolvedKey {
  const configured = ctx.config.api_key_env;
  const name = configured ?? fallbackEnv;
  if (!name) return { key: 'no-key' };
  const value = ctx.env[name]?.trim();
  if (value) return { key: value, env: name };
  throw new JarvisError('llm_auth', `${ctx.config.platform}: the API key variable $${name} is not set`, {
    hint: configured
      ? `export ${name}=<your key> (the model config names it in api_key_env)`
      : `export ${name}=<your key>, or set api_key_env in the model config`,
  });
}
