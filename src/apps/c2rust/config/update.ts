import { resolve } from 'node:path';
import { JarvisError } from '../../../util/index.js';
import { c2rustConfigPath, defaultC2rustConfig, loadC2rustConfig, saveC2rustConfig, type C2rustConfig, type StageBudget } from './c2rust-config.js';
import { rootSymbolsFromFiles, splitNames, type RootSymbols } from './root-symbols.js';

/** What `jc2r config` was asked to change; an absent field keeps its value. */
export interface ConfigChanges {
  /** headers and C files whose functions become the root symbols */
  files?: string[];
  /** root symbol names (with `files`, both lists are joined) */
  rootSymbols?: string[];
  disabledLibraries?: string[];
  notes?: string;
  allowCrates?: boolean;
  minConfidence?: number;
  testCommands?: string[];
  crateDir?: string;
  /** `STAGE.KEY=N` entries, e.g. `transpile.tokens=200000` */
  budgets?: string[];
  /** start from the defaults */
  reset?: boolean;
  ccRoot?: string;
}

export interface ConfigUpdate {
  config: C2rustConfig;
  path: string;
  changed: boolean;
  roots?: RootSymbols;
}

const BUDGET_KEYS = ['calls', 'tokens', 'cost', 'rounds'] as const;
export const BUDGET_STAGES = ['lib-replace', 'prepare', 'transpile', 'optimize'] as const;

/** `transpile.tokens=200000` → stage, key, value; anything else is a usage error saying the form. */
export function parseBudget(entry: string): { stage: string; key: keyof StageBudget; value: number } {
  const m = /^([a-z-]+)\.([a-z]+)=(\d+(?:\.\d+)?)$/.exec(entry.trim());
  const form = `STAGE.KEY=N with STAGE one of ${BUDGET_STAGES.join(', ')} and KEY one of ${BUDGET_KEYS.join(', ')}`;
  if (!m) throw new JarvisError('usage', `--budget ${entry}: expected ${form}`);
  const [, stage = '', key = '', value = ''] = m;
  if (!(BUDGET_STAGES as readonly string[]).includes(stage) || !(BUDGET_KEYS as readonly string[]).includes(key)) {
    throw new JarvisError('usage', `--budget ${entry}: expected ${form}`);
  }
  const n = Number(value);
  if (key !== 'cost' && !Number.isInteger(n)) throw new JarvisError('usage', `--budget ${entry}: ${key} is a whole number`);
  return { stage, key: key as keyof StageBudget, value: n };
}

/** Applies the changes to the project's config and saves it when anything changed. */
export async function updateC2rustConfig(root: string, c: ConfigChanges): Promise<ConfigUpdate> {
  const before = loadC2rustConfig(root);
  const config: C2rustConfig = structuredClone(c.reset ? defaultC2rustConfig() : before);
  let roots: RootSymbols | undefined;
  if (c.files !== undefined || c.rootSymbols !== undefined) {
    roots = c.files && c.files.length > 0 ? await rootSymbolsFromFiles(c.files, c.ccRoot) : { names: [], files: [] };
    config.root_symbols = [...new Set([...roots.names, ...splitNames(c.rootSymbols ?? [])])];
    config.root_files = (c.files ?? []).map((f) => resolve(f));
  }
  if (c.disabledLibraries !== undefined) config.disabled_libraries = splitNames(c.disabledLibraries);
  if (c.notes !== undefined) config.extra_notes = c.notes;
  if (c.allowCrates !== undefined) config.allow_crates = c.allowCrates;
  if (c.minConfidence !== undefined) {
    if (!(c.minConfidence >= 0 && c.minConfidence <= 1)) throw new JarvisError('usage', `--min-confidence ${c.minConfidence}: a number from 0 to 1`);
    config.min_confidence = c.minConfidence;
  }
  if (c.testCommands !== undefined) config.test_commands = c.testCommands.filter((t) => t.trim().length > 0);
  if (c.crateDir !== undefined) config.crate_dir = resolve(c.crateDir);
  for (const b of c.budgets ?? []) {
    const { stage, key, value } = parseBudget(b);
    config.budgets[stage] = { ...config.budgets[stage], [key]: value };
  }
  const changed = JSON.stringify(config) !== JSON.stringify(before);
  const path = changed || c.reset ? saveC2rustConfig(root, config) : c2rustConfigPath(root);
  return { config, path, changed, ...(roots ? { roots } : {}) };
}
