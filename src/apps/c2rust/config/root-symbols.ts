import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { JarvisError } from '../../../util/index.js';
import { collectFunctionNames } from '../collect.js';
import { HEADER_EXT } from '../compile-db.js';
import { extractFacts } from '../extract.js';
import { findPreprocessor, frontEnd } from '../front-end.js';

const SOURCE_EXT = /\.(c|cc|cpp|cxx)$/i;

export interface RootSymbols {
  names: string[];
  /** per file: how many names it gave, or why it was skipped */
  files: { file: string; names: number; skipped?: string }[];
}

/**
 * The root symbols named by files, as `jc2r collect` reads them: a header gives the functions
 * it declares or defines; a `.c` file the functions it defines with external linkage (its
 * `static` helpers are its own business). Names keep their first-seen order, without repeats.
 */
export async function rootSymbolsFromFiles(files: readonly string[], ccRoot?: string): Promise<RootSymbols> {
  const names: string[] = [];
  const seen = new Set<string>();
  const add = (n: string) => {
    if (seen.has(n)) return false;
    seen.add(n);
    names.push(n);
    return true;
  };
  const out: RootSymbols['files'] = [];
  const headers = files.filter((f) => HEADER_EXT.test(f));
  if (headers.length > 0) {
    // collect writes its list to a file; here only the names are wanted
    const tmp = mkdtempSync(join(tmpdir(), 'jc2r-roots-'));
    try {
      const r = await collectFunctionNames({ headers, out: join(tmp, 'roots.txt'), ...(ccRoot ? { ccRoot } : {}) });
      for (const h of r.headers) out.push({ file: h.file, names: h.names, ...(h.skipped ? { skipped: h.skipped } : {}) });
      r.names.forEach(add);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  const cc = await findPreprocessor();
  for (const f of files) {
    if (HEADER_EXT.test(f)) continue;
    const file = resolve(f);
    if (!SOURCE_EXT.test(file)) {
      out.push({ file: f, names: 0, skipped: 'not a header or C source' });
      continue;
    }
    if (!existsSync(file)) {
      out.push({ file: f, names: 0, skipped: 'no such file' });
      continue;
    }
    const dir = dirname(file);
    const language = /\.c$/i.test(file) ? 'c' : 'cpp';
    const fe = await frontEnd({ file, cwd: dir, args: [`-I${dir}`], language }, dir, cc, false);
    const facts = await extractFacts(fe.expand(), language);
    let count = 0;
    for (const fn of facts.functions) {
      if (fn.file !== basename(file) || fn.storage === 'static') continue;
      if (add(fn.name)) count++;
    }
    out.push({ file: f, names: count });
  }
  if (files.length > 0 && out.every((f) => f.skipped)) {
    throw new JarvisError('usage', `no header or C source to read among ${files.length} file(s): ${out.map((f) => `${f.file} (${f.skipped})`).join(', ')}`);
  }
  return { names, files: out };
}

/** `a,b c;d` → `[a, b, c, d]`: names as a user types them, in one or several flags. */
export function splitNames(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((v) => v.split(/[\s,;]+/)).filter((n) => n.length > 0))];
}
