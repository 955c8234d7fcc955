import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { CrateState } from './crate-state.js';

/** Libraries implied by the headers a program's library calls are declared in. */
const BY_HEADER: [RegExp, string][] = [
  [/\/openssl\//, 'crypto'],
  [/\/zlib\.h$/, 'z'],
  [/\/curl\//, 'curl'],
  [/\/sqlite3\.h$/, 'sqlite3'],
  [/\/readline\//, 'readline'],
  [/\/n?curses\.h$/, 'ncurses'],
  [/\/uuid\//, 'uuid'],
  [/\/(math|complex)\.h$|\/bits\/math/, 'm'],
  [/\/pthread\.h$/, 'pthread'],
];

/** Never linked explicitly: the C runtime, coverage and sanitizer support. */
const SKIP = new Set(['c', 'gcc', 'gcc_s', 'gcov', 'asan', 'ubsan', 'tsan', 'lsan']);

const BUILD_FILES = /^(GNUmakefile|makefile|Makefile|.*\.mk|CMakeLists\.txt|meson\.build|build\.sh|.*\.pc\.in)$/;

/**
 * System libraries the C program links against, found the way its build does: `-lNAME` in its
 * Makefiles, CMake and meson files, and the headers its library calls come from (OpenSSL →
 * crypto). Only libraries the linker can find are kept.
 */
export function linkLibraries(root: string, crate: CrateState): string[] {
  const wanted = new Set<string>();
  for (const f of buildFiles(root)) {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/(?:^|[\s"'(])-l([A-Za-z0-9_+.-]+)/g)) wanted.add(m[1] as string);
    for (const m of text.matchAll(/target_link_libraries\s*\(([^)]*)\)/g)) {
      for (const w of (m[1] ?? '').split(/\s+/).slice(1)) if (/^(m|pthread|crypto|ssl|z|dl|rt)$/.test(w)) wanted.add(w);
    }
  }
  for (const file of crate.ffiFiles.values()) for (const [re, lib] of BY_HEADER) if (re.test(file)) wanted.add(lib);
  if ([...crate.ffi.keys()].some((n) => /^SSL_/.test(n))) wanted.add('ssl');
  return [...wanted].filter((l) => !SKIP.has(l) && findable(l)).sort();
}

function buildFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names) {
      if (n.startsWith('.') || n === 'node_modules' || n === 'target') continue;
      const p = join(dir, n);
      if (BUILD_FILES.test(n)) out.push(p);
      else if (depth < 2 && !n.includes('.')) walk(p, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

const cache = new Map<string, boolean>();
function findable(lib: string): boolean {
  let ok = cache.get(lib);
  if (ok !== undefined) return ok;
  ok = false;
  for (const ext of ['so', 'a']) {
    try {
      const p = execFileSync(process.env.CC?.split(/\s+/)[0] || 'cc', [`-print-file-name=lib${lib}.${ext}`], { encoding: 'utf8' }).trim();
      if (isAbsolute(p) && existsSync(p)) ok = true;
    } catch {
      // No compiler: nothing can be confirmed.
    }
    if (ok) break;
  }
  cache.set(lib, ok);
  return ok;
}
