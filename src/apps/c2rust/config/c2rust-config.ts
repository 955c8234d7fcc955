import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { JarvisError, writeFileAtomicSync } from '../../../util/index.js';
import { c2rustDir } from '../artifacts.js';

/**
 * `.jarvis/c2rust/config.json`: what the user told the pipeline about the project, read by every
 * model stage (docs/c2rust-pipeline.md). Written by `jc2r config`, never by a stage.
 */

export const C2RUST_CONFIG_FILE = 'config.json';

const budgetSchema = z
  .object({
    /** model calls of the stage (0: no limit) */
    calls: z.number().int().min(0).optional(),
    /** input + output tokens of the stage (0: no limit) */
    tokens: z.number().int().min(0).optional(),
    /** cost in the config's price units (0: no limit) */
    cost: z.number().min(0).optional(),
    /** repair or planning rounds */
    rounds: z.number().int().min(0).optional(),
  })
  .strict();

export type StageBudget = z.infer<typeof budgetSchema>;

export const c2rustConfigSchema = z
  .object({
    version: z.literal(1).default(1),
    /** the functions the translated crate must offer: lib-replace starts from them */
    root_symbols: z.array(z.string().min(1)).default([]),
    /** where root_symbols came from (headers, .c files), to show and to collect again */
    root_files: z.array(z.string()).default([]),
    /** crates (or `std`) a replacement must not use; compared without case */
    disabled_libraries: z.array(z.string().min(1)).default([]),
    /** appended to every model prompt of the pipeline */
    extra_notes: z.string().default(''),
    /** replacements by third-party crates may be applied (Cargo.toml gains them; needs crates.io) */
    allow_crates: z.boolean().default(false),
    /** a replacement below this confidence is not applied */
    min_confidence: z.number().min(0).max(1).default(0.7),
    /** differential test commands (`{bin}`, `{bin:NAME}` as in `jc2r equiv --run`) */
    test_commands: z.array(z.string().min(1)).default([]),
    /** the crate directory (default `<root>_rs` beside the project) */
    crate_dir: z.string().min(1).optional(),
    /** per-stage budgets: `lib-replace`, `prepare`, `transpile`, `optimize` */
    budgets: z.record(z.string(), budgetSchema).default({}),
  })
  .strict();

export type C2rustConfig = z.infer<typeof c2rustConfigSchema>;

export function c2rustConfigPath(root: string): string {
  return join(c2rustDir(root), C2RUST_CONFIG_FILE);
}

export function defaultC2rustConfig(): C2rustConfig {
  return c2rustConfigSchema.parse({});
}

/** The project's config, or the defaults when there is none; a broken file is one clear error. */
export function loadC2rustConfig(root: string): C2rustConfig {
  const path = c2rustConfigPath(root);
  if (!existsSync(path)) return defaultC2rustConfig();
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new JarvisError('config', `${path}: not valid JSON (${(e as Error).message})`, { hint: 'fix the file, or remove it and run `jc2r config` again' });
  }
  const parsed = c2rustConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') || '(top level)';
    throw new JarvisError('config', `${path}: ${key}: ${issue?.message ?? 'invalid'}`, { hint: 'fix the key, or set it again with `jc2r config`' });
  }
  return parsed.data;
}

export function saveC2rustConfig(root: string, config: C2rustConfig): string {
  const path = c2rustConfigPath(root);
  writeFileAtomicSync(path, `${JSON.stringify(c2rustConfigSchema.parse(config), null, 2)}\n`);
  return path;
}

/** What every prompt of the pipeline ends with: the user's notes, when there are any. */
export function promptNotes(config: C2rustConfig): string {
  const notes = config.extra_notes.trim();
  return notes ? `\n\nNotes from the user about this project (follow them):\n${notes}` : '';
}

/** Whether `library` (a crate name, `std`, `regex@1`, `std::collections`) is disabled. */
export function isDisabledLibrary(config: C2rustConfig, library: string): boolean {
  const base = libraryBase(library);
  return config.disabled_libraries.some((d) => libraryBase(d) === base);
}

/** `Regex@1.10` → `regex`, `std::collections::HashMap` → `std`. */
export function libraryBase(library: string): string {
  return (library.trim().toLowerCase().split(/[@:\s=]/)[0] ?? '').replace(/-/g, '_');
}

/** The budget of one stage, `{}` when none is set. */
export function stageBudget(config: C2rustConfig, stage: string): StageBudget {
  return config.budgets[stage] ?? {};
}
