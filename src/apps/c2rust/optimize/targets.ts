import { existsSync, readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';
import { JarvisError, writeFileAtomicSync } from '../../../util/index.js';

export interface Progress {
  version: 1;
  crate_dir: string;
  /** Posix paths relative to the crate, in the order they were finished. */
  processed: string[];
  updated_at: string;
}

export function readProgress(path: string, crateDir: string): Progress {
  const empty: Progress = { version: 1, crate_dir: crateDir, processed: [], updated_at: new Date().toISOString() };
  if (!existsSync(path)) return empty;
  let parsed: Partial<Progress>;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Progress>;
  } catch (e) {
    throw new JarvisError('parse', `${path} is not valid JSON`, { hint: 'run with --reset-progress to start over', cause: e });
  }
  // Progress of another crate says nothing about this one.
  if (parsed.crate_dir !== crateDir || !Array.isArray(parsed.processed)) return empty;
  return { ...empty, processed: parsed.processed.filter((p): p is string => typeof p === 'string') };
}

export function writeProgress(path: string, progress: Progress): void {
  writeFileAtomicSync(path, `${JSON.stringify({ ...progress, updated_at: new Date().toISOString() }, null, 2)}\n`);
}

export interface SelectOptions {
  /** Globs relative to the crate; default: every .rs file under src/. */
  include?: string[];
  exclude?: string[];
  maxFiles?: number;
  /** Files already processed, skipped when resuming. */
  skip?: ReadonlySet<string>;
}

/** The batch of files to optimise: included, not excluded, not done, at most `maxFiles`. */
export function selectTargets(crateDir: string, opts: SelectOptions): { matching: string[]; targets: string[]; skipped: string[] } {
  const include = opts.include && opts.include.length > 0 ? opts.include : ['src/**/*.rs'];
  const matching = globSync(include, {
    cwd: crateDir,
    ignore: ['**/target/**', '**/.jarvis/**', '**/.git/**', ...(opts.exclude ?? [])],
  })
    .filter((f) => f.endsWith('.rs'))
    .sort();
  const skipped = matching.filter((f) => opts.skip?.has(f));
  let targets = matching.filter((f) => !opts.skip?.has(f));
  if (opts.maxFiles !== undefined && opts.maxFiles > 0) targets = targets.slice(0, opts.maxFiles);
  return { matching, targets, skipped };
}
