import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { globSync } from 'tinyglobby';
import { JarvisError } from '../../../util/index.js';

/**
 * The crate to optimise: `--crate-dir`, else the current directory when it holds a
 * Cargo.toml, else the sibling `<dir>_rs` that `jc2r` creates next to a C project.
 */
export function resolveCrateDir(cwd: string, crateDir?: string): string {
  if (crateDir !== undefined) {
    const dir = resolve(cwd, crateDir);
    if (!existsSync(join(dir, 'Cargo.toml'))) {
      throw new JarvisError('not_found', `no Cargo.toml in ${dir}`, { hint: 'pass --crate-dir pointing at the Rust crate' });
    }
    return dir;
  }
  if (existsSync(join(cwd, 'Cargo.toml'))) return cwd;
  const sibling = join(dirname(cwd), `${basename(cwd)}_rs`);
  if (existsSync(join(sibling, 'Cargo.toml'))) return sibling;
  throw new JarvisError('not_found', `no Rust crate found: ${cwd} has no Cargo.toml and there is no ${sibling}`, {
    hint: 'run inside the crate or pass --crate-dir DIR',
  });
}

/** The workspace holding the crate: the nearest ancestor (or itself) whose Cargo.toml has `[workspace]`. */
export function workspaceRoot(crateDir: string): string {
  let dir = crateDir;
  for (;;) {
    const manifest = join(dir, 'Cargo.toml');
    if (existsSync(manifest) && /^\s*\[workspace\]/m.test(readFileSync(manifest, 'utf8'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return crateDir;
    dir = parent;
  }
}

const ALWAYS_IGNORED = ['**/target/**', '**/.jarvis/**', '**/.git/**'];

/** Rust files of the crate's library and binaries (`src/**`), as sorted posix paths relative to the crate. */
export function crateSources(crateDir: string): string[] {
  return globSync(['src/**/*.rs'], { cwd: crateDir, ignore: ALWAYS_IGNORED }).sort();
}

/**
 * Rust files that use the library from outside it: integration tests, examples, benches,
 * binaries, and every other member of the workspace. Absolute paths.
 */
export function externalUseFiles(crateDir: string): string[] {
  const own = globSync(['tests/**/*.rs', 'examples/**/*.rs', 'benches/**/*.rs', 'src/main.rs', 'src/bin/**/*.rs'], {
    cwd: crateDir,
    ignore: ALWAYS_IGNORED,
    absolute: true,
  });
  const ws = workspaceRoot(crateDir);
  const others =
    ws === crateDir
      ? []
      : globSync(['**/*.rs'], { cwd: ws, ignore: ALWAYS_IGNORED, absolute: true }).filter(
          (f) => !resolve(f).startsWith(join(crateDir, 'src') + sep),
        );
  return [...new Set([...own, ...others].map((f) => resolve(f)))].sort();
}

/**
 * The module path of a file under `src/`: `src/lib.rs` and `src/main.rs` → `crate`,
 * `src/a/mod.rs` and `src/a.rs` → `crate::a`, `src/a/b.rs` → `crate::a::b`.
 */
export function modulePath(relFile: string): string[] {
  const parts = relFile.replace(/\\/g, '/').replace(/^src\//, '').replace(/\.rs$/, '').split('/');
  const last = parts[parts.length - 1];
  if (parts.length === 1 && (last === 'lib' || last === 'main')) return [];
  if (last === 'mod') parts.pop();
  if (parts[0] === 'bin') return [];
  return parts;
}

/** The `edition` of the crate's Cargo.toml (2015 when absent, as cargo assumes). */
export function crateEdition(crateDir: string): number {
  const m = /^\s*edition\s*=\s*"(\d{4})"/m.exec(readFileSync(join(crateDir, 'Cargo.toml'), 'utf8'));
  return m?.[1] ? Number(m[1]) : 2015;
}
