import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { JarvisError, writeFileAtomicSync } from '../../util/index.js';
import { findCompileCommands, HEADER_EXT, loadCompileCommands } from './compile-db.js';
import { extractFacts } from './extract.js';
import { findPreprocessor, frontEnd, type FrontEndMode } from './front-end.js';

export interface CollectOptions {
  headers: string[];
  out: string;
  /** compile_commands.json (or its directory): its include paths and defines apply to the headers. */
  ccRoot?: string;
  preprocess?: boolean;
}

export interface CollectResult {
  names: string[];
  out: string;
  /** Per header: how it was read and how many names it gave; skipped ones say why. */
  headers: { file: string; mode?: FrontEndMode; names: number; skipped?: string }[];
}

/**
 * The unique names of the functions declared (or defined inline) in the given headers, in the
 * order they first appear, written one per line to `out`: the roots for lib-replace.
 * Declarations pulled in from other headers do not count; non-headers are skipped with a note.
 */
export async function collectFunctionNames(opts: CollectOptions): Promise<CollectResult> {
  const cc = opts.preprocess === false ? undefined : await findPreprocessor();
  let dbArgs: string[] = [];
  if (opts.ccRoot) {
    const db = findCompileCommands(resolve(opts.ccRoot), opts.ccRoot);
    if (db) dbArgs = [...new Set(loadCompileCommands(db).flatMap((u) => u.args.filter((a, i, all) => /^-[IDU]/.test(a) || /^-[IDU]$/.test(all[i - 1] ?? ''))))];
  }
  const names: string[] = [];
  const seen = new Set<string>();
  const headers: CollectResult['headers'] = [];
  for (const h of opts.headers) {
    const file = resolve(h);
    if (!HEADER_EXT.test(file)) {
      headers.push({ file: h, names: 0, skipped: 'not a header (.h/.hh/.hpp/.hxx)' });
      continue;
    }
    if (!existsSync(file)) {
      headers.push({ file: h, names: 0, skipped: 'no such file' });
      continue;
    }
    const root = dirname(file);
    const language = /\.h$/i.test(file) ? 'c' : 'cpp';
    const fe = await frontEnd({ file, cwd: root, args: [...dbArgs, `-I${root}`], language }, root, cc, true);
    const facts = await extractFacts(fe.expand(), language);
    const own = basename(file);
    let count = 0;
    for (const d of [...facts.decls, ...facts.functions].sort((a, b) => a.startLine - b.startLine)) {
      if (d.file !== own || seen.has(d.name)) continue;
      seen.add(d.name);
      names.push(d.name);
      count++;
    }
    headers.push({ file: h, mode: fe.mode, names: count });
  }
  if (!headers.some((h) => !h.skipped)) {
    throw new JarvisError('usage', `no header to read among ${opts.headers.length} argument(s): ${headers.map((h) => `${h.file} (${h.skipped})`).join(', ')}`);
  }
  writeFileAtomicSync(opts.out, names.length > 0 ? `${names.join('\n')}\n` : '');
  return { names, out: opts.out, headers };
}
