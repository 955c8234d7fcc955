import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { didYouMean } from './issues.js';
import type { SourceMap } from './merge.js';
import type { JarvisConfig } from './schema.js';
import { JarvisError } from '../errors.js';

/**
 * Which platform names a configuration may use: the built-ins, and the user platforms, one ES
 * module each at `<data_dir>/platforms/<name>.mjs` (src/llm/registry.ts loads them). Checked
 * when the configuration is read, so a misspelt name is an error of `jarvis config show` too,
 * not only of the first run that calls the model.
 */

export const BUILTIN_PLATFORMS = ['openai-compatible', 'anthropic', 'scripted', 'replay'] as const;
export type BuiltinPlatformName = (typeof BUILTIN_PLATFORMS)[number];

const NAME = /^[\w.-]+$/;

export function isBuiltinPlatform(name: string): name is BuiltinPlatformName {
  return (BUILTIN_PLATFORMS as readonly string[]).includes(name);
}

export function userPlatformDir(dataDir: string): string {
  return join(dataDir, 'platforms');
}

/** The module of user platform `name`, or undefined when there is none. */
export function userPlatformFile(dataDir: string, name: string): string | undefined {
  const file = join(userPlatformDir(dataDir), `${name}.mjs`);
  return NAME.test(name) && existsSync(file) ? file : undefined;
}

/** Names of the user platforms in `<dataDir>/platforms/`, sorted. */
export function listUserPlatforms(dataDir: string): string[] {
  const dir = userPlatformDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => f.slice(0, -'.mjs'.length))
    .filter((n) => NAME.test(n) && !isBuiltinPlatform(n))
    .sort();
}

/** Throws the usual one-line config error (file, dotted key, "did you mean") for the first unknown platform. */
export function checkPlatformNames(config: JarvisConfig & { data_dir: string }, sources: SourceMap, fallbackWhere: string): void {
  for (const [group, models] of Object.entries(config.llm_groups)) {
    for (const role of ['normal', 'cheap'] as const) {
      const name = models[role]?.platform;
      if (name === undefined || isBuiltinPlatform(name) || userPlatformFile(config.data_dir, name)) continue;
      const key = `llm_groups.${group}.${role}.platform`;
      const known = [...BUILTIN_PLATFORMS, ...listUserPlatforms(config.data_dir)];
      const guess = didYouMean(name, known);
      throw new JarvisError(
        'config',
        `config error: ${sources[key]?.where ?? fallbackWhere}: key ${key}: unknown platform "${name}"${guess ? ` (did you mean ${guess}?)` : ''}; known platforms: ${known.join(', ')}`,
        { hint: `a user platform is an ES module at ${join(userPlatformDir(config.data_dir), `${name}.mjs`)}` },
      );
    }
  }
}
