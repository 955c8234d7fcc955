import { isAbsolute, relative } from 'node:path';
import { runProcess } from '../cc-pool.js';
import type { TranslationUnit } from '../compile-db.js';
import { JarvisError } from '../../../util/errors.js';

const CANDIDATES = ['clang', 'clang-14', 'clang-15', 'clang-16', 'clang-17', 'clang-18', 'clang-19', 'clang-13'];

/** `$CLANG`, else the first clang on PATH; a missing clang is one line naming the Debian package. */
export async function findClang(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const wanted = env.CLANG?.trim();
  for (const c of wanted ? [wanted] : CANDIDATES) {
    const r = await runProcess([c, '--version'], process.cwd());
    if (r.code === 0) return c;
  }
  throw new JarvisError('not_found', wanted ? `clang not found at $CLANG=${wanted}` : 'clang not found on PATH: jc2r transpile reads C through clang', {
    hint: 'install the Debian package `clang` (apt-get install clang), or set $CLANG',
  });
}

/** The flags that make clang print the typed AST of one unit as JSON. */
export function astDumpArgv(clang: string, unit: TranslationUnit): string[] {
  // The file as a build would name it (relative to where it compiles): `__FILE__` depends on it.
  const rel = relative(unit.cwd, unit.file);
  const file = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : unit.file;
  return [clang, '-x', 'c', ...unit.args, '-fsyntax-only', '-fno-color-diagnostics', '-ferror-limit=20', '-Wno-everything', '-Xclang', '-ast-dump=json', file];
}

/** The first error lines clang printed, for the per-file report. */
export function clangErrorSummary(stderr: string, code: number): string {
  const errs = stderr
    .split('\n')
    .filter((l) => /\b(fatal )?error:/.test(l))
    .slice(0, 3)
    .map((l) => l.trim());
  return errs.length > 0 ? errs.join('; ') : `clang exited with ${code}${stderr.trim() ? `: ${stderr.trim().split('\n')[0]}` : ''}`;
}
