import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeFileAtomicSync } from '../../../util/index.js';
import { artifactPath, c2rustDir } from '../artifacts.js';
import { transpileProject, type TranspileReport } from '../transpile/index.js';
import { ensureCrateRepo } from './crate-git.js';

/**
 * The deterministic translation as a pipeline step: written when the crate is missing or the
 * C it came from changed, else left alone (the model stages build on it, commit by commit).
 * `.jarvis/c2rust/deterministic.json` keeps the inputs it was written from.
 */

const STATE_FILE = 'deterministic.json';
const SOURCE = /\.(c|h|cc|cpp|cxx|hh|hpp|hxx|inc)$|^(Makefile|makefile|GNUmakefile|CMakeLists\.txt|meson\.build|compile_commands\.json)$|\.cmake$/;
const SKIP_DIRS = new Set(['.git', '.jarvis', 'target', 'node_modules']);

export interface TranslateOptions {
  root: string;
  crateDir: string;
  ccRoot?: string;
  defines?: string[];
  includes?: string[];
  env?: NodeJS.ProcessEnv;
}

/** Hash of the project's C sources and build files (content), and the options the translator takes. */
export function sourceTreeHash(o: TranslateOptions): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && p !== o.crateDir) walk(p);
      } else if (e.isFile() && SOURCE.test(e.name)) h.update(relative(o.root, p)).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  walk(o.root);
  h.update(JSON.stringify([o.ccRoot ?? '', o.defines ?? [], o.includes ?? []]));
  return h.digest('hex').slice(0, 32);
}

export interface DeterministicCrate {
  written: boolean;
  report?: TranspileReport;
  notices: string[];
  inputs: string;
}

/** Writes the deterministic crate when it is missing or stale; the crate becomes a git repository with it as the first commit. */
export async function ensureDeterministicCrate(o: TranslateOptions): Promise<DeterministicCrate> {
  const inputs = sourceTreeHash(o);
  const statePath = join(c2rustDir(o.root), STATE_FILE);
  let recorded: { inputs?: string; crate?: string } = {};
  try {
    recorded = JSON.parse(readFileSync(statePath, 'utf8')) as typeof recorded;
  } catch {
    // none yet
  }
  if (existsSync(join(o.crateDir, 'Cargo.toml')) && recorded.inputs === inputs && recorded.crate === o.crateDir) {
    await ensureCrateRepo(o.crateDir);
    return { written: false, notices: [], inputs };
  }
  const out = await transpileProject({
    root: o.root,
    outDir: o.crateDir,
    force: true,
    ...(o.ccRoot ? { ccRoot: o.ccRoot } : {}),
    ...(o.defines ? { defines: o.defines } : {}),
    ...(o.includes ? { includes: o.includes } : {}),
    ...(o.env ? { env: o.env } : {}),
  });
  await ensureCrateRepo(o.crateDir);
  writeFileAtomicSync(statePath, `${JSON.stringify({ inputs, crate: o.crateDir }, null, 2)}\n`);
  return { written: true, report: out.report, notices: out.notices, inputs };
}

/**
 * The compile_commands.json the last scan read (the project's, or one it generated from meson,
 * CMake or `make -n`): the translator reads only a database, so the pipeline hands it this one.
 */
export function scannedCompileCommands(root: string): string | undefined {
  try {
    const s = JSON.parse(readFileSync(artifactPath(root, 'scanSummary'), 'utf8')) as { compileCommands?: string | null };
    return s.compileCommands && existsSync(s.compileCommands) ? s.compileCommands : undefined;
  } catch {
    return undefined;
  }
}
