import { pathToFileURL } from 'node:url';
import { describeError, JarvisError } from '../util/index.js';
import { BUILTIN_PLATFORMS, listUserPlatforms, userPlatformDir, userPlatformFile, type BuiltinPlatformName, type ModelConfig, userDataDir } from '../util/config/index.js';
import type { Platform, PlatformContext, PlatformFactory } from './platform.js';
import { createReplayPlatform } from './providers/replay.js';
import { createScriptedPlatform } from './providers/scripted.js';

/**
 * Platform names to factories: the four built-ins plus user platforms, one ES module per
 * platform at `<dataDir>/platforms/<name>.mjs` whose `createPlatform` export or default export
 * is a PlatformFactory. A user module is imported only when its name is asked for, so a
 * broken one cannot break runs that do not use it.
 */

// Keyed by the names the config check accepts (util/config/platforms.ts), so the two cannot
// drift. The SDKs take ~250 ms to load; commands that never call a model should not pay for them.
const BUILTIN: Readonly<Record<BuiltinPlatformName, PlatformFactory>> = {
  'openai-compatible': async (ctx) => (await import('./providers/openai-compatible.js')).createOpenAICompatiblePlatform(ctx),
  anthropic: async (ctx) => (await import('./providers/anthropic.js')).createAnthropicPlatform(ctx),
  scripted: (ctx) => createScriptedPlatform(ctx),
  replay: (ctx) => createReplayPlatform(ctx),
};

export { BUILTIN_PLATFORMS, listUserPlatforms, userPlatformDir };

export interface CreatePlatformOptions {
  /** directory relative paths in the config resolve against (the config file's directory) */
  baseDir: string;
  /** defaults to process.env */
  env?: NodeJS.ProcessEnv;
  /** defaults to a line on stderr */
  warn?: (message: string) => void;
  /** user data dir holding `platforms/`; defaults to $JARVIS_DATA_DIR or ~/.jarvis */
  dataDir?: string;
}

/** The same data dir the config loader uses: $JARVIS_DATA_DIR, else ~/.jarvis. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return userDataDir({ env });
}

async function loadUserFactory(file: string): Promise<PlatformFactory> {
  let mod: { createPlatform?: unknown; default?: unknown };
  try {
    mod = (await import(pathToFileURL(file).href)) as typeof mod;
  } catch (e) {
    throw new JarvisError('config', `user platform ${file} failed to load: ${describeError(e).split('\n')[0]}`, {
      hint: 'fix or remove the module',
      cause: e,
    });
  }
  const factory = mod.createPlatform ?? mod.default;
  if (typeof factory !== 'function') {
    throw new JarvisError('config', `user platform ${file} exports no factory`, {
      hint: 'export a function (ctx) => Platform as `createPlatform` or as the default export',
    });
  }
  return factory as PlatformFactory;
}

function checkPlatform(p: unknown, origin: string): Platform {
  const candidate = p as Partial<Platform> | null | undefined;
  if (!candidate || typeof candidate.chat !== 'function' || typeof candidate.name !== 'string' || typeof candidate.model !== 'string') {
    throw new JarvisError('config', `${origin} did not return a platform (an object with name, model and chat())`);
  }
  return candidate as Platform;
}

/** Creates the platform a model config names; unknown names list what exists. */
export async function createPlatform(config: ModelConfig, opts: CreatePlatformOptions): Promise<Platform> {
  const ctx: PlatformContext = {
    config,
    baseDir: opts.baseDir,
    env: opts.env ?? process.env,
    warn: opts.warn ?? ((m) => process.stderr.write(`warning: ${m}\n`)),
  };
  const name = config.platform;
  const builtin = Object.hasOwn(BUILTIN, name) ? BUILTIN[name as BuiltinPlatformName] : undefined;
  if (builtin) return checkPlatform(await builtin(ctx), `platform ${name}`);

  const dataDir = opts.dataDir ?? defaultDataDir(ctx.env);
  const file = userPlatformFile(dataDir, name);
  if (!file) {
    const known = [...BUILTIN_PLATFORMS, ...listUserPlatforms(dataDir)];
    throw new JarvisError('config', `unknown platform "${name}"; known platforms: ${known.join(', ')}`, {
      hint: `user platforms are ES modules in ${userPlatformDir(dataDir)}/<name>.mjs`,
    });
  }
  const factory = await loadUserFactory(file);
  let platform: unknown;
  try {
    platform = await factory(ctx);
  } catch (e) {
    if (e instanceof JarvisError) throw e;
    throw new JarvisError('config', `user platform ${file} failed to start: ${describeError(e)}`, { cause: e });
  }
  return checkPlatform(platform, `user platform ${file}`);
}
