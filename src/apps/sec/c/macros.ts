/**
 * Macros the file defines or includes. Object-like ones evaluate to their body; a call of a
 * function-like one is expanded (arguments substituted, `#` and `##` applied) and the expansion
 * is parsed in the using file at the call's line, then evaluated there as an expression or run as
 * statements, so `NEXT()` assigning the caller's locals or `RAND32()` calling rand() is seen as
 * code, not guessed.
 */
import type { N } from './ast.js';
import type { FnMacroDef } from './collect.js';
import { text, type FileCtx, type Frame, type Run } from './context.js';
import { parseSnippet } from './files.js';

/** The first file (this one, then its includes depth-first) that defines object-like macro `name`. */
function includedMacro(file: FileCtx, name: string, seen: Set<FileCtx>): string | undefined {
  for (const inc of file.includes) {
    if (seen.has(inc)) continue;
    seen.add(inc);
    if (inc.macroNames.has(name)) return inc.macroText?.get(name);
    const deeper = includedMacro(inc, name, seen);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

/** The body of object-like macro `name` as the file sees it; false when no macro has that name. */
export function macroBody(file: FileCtx, name: string): N | undefined | false {
  const cached = file.macros.get(name);
  if (cached === null) return false;
  if (cached !== undefined || file.macros.has(name)) return cached;
  let body: N | undefined;
  if (file.macroNames.has(name)) body = file.parseMacro(name);
  else {
    const def = file.includes.length > 0 ? includedMacro(file, name, new Set([file])) : undefined;
    if (def === undefined) {
      file.macros.set(name, null);
      return false;
    }
    body = parseSnippet(file, file.parser, def, 1, 'expression');
  }
  file.macros.set(name, body);
  return body;
}

export function findFnMacro(file: FileCtx, name: string, seen = new Set<FileCtx>()): FnMacroDef | undefined {
  const own = file.fnMacroDefs.get(name);
  if (own) return own;
  seen.add(file);
  for (const inc of file.includes) {
    if (seen.has(inc)) continue;
    const d = findFnMacro(inc, name, seen);
    if (d) return d;
  }
  return undefined;
}

const TOKEN = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|##|#\s*[A-Za-z_]\w*|[A-Za-z_]\w*|\s+|./gs;

/** The text `NAME(args)` expands to (one level: nested macros expand when evaluated). */
export function expand(def: FnMacroDef, args: readonly string[]): string {
  const value = (p: string): string | undefined => {
    const i = def.params.indexOf(p);
    if (i >= 0) return args[i] ?? '';
    if (p === '__VA_ARGS__' && def.variadic) return args.slice(def.params.length).join(', ');
    return undefined;
  };
  const out: string[] = [];
  for (const tok of def.body.match(TOKEN) ?? []) {
    if (tok.startsWith('#') && tok !== '##') {
      const v = value(tok.slice(1).trim());
      out.push(v !== undefined ? JSON.stringify(v) : tok);
    } else out.push(value(tok) ?? tok);
  }
  // `a ## b` pastes the two sides together
  return out.join('').replace(/\s*##\s*/g, '');
}

export interface Expansion {
  node: N;
  statements: boolean;
}

/** Expands the call `n` of function-like macro `name` in `fr`'s file; undefined when it is not one or does not parse. */
export function expandCall(n: N, name: string, fr: Frame, run: Run): Expansion | undefined {
  const def = findFnMacro(fr.file, name);
  if (!def || (run.expanding?.has(name) ?? false)) return undefined;
  const args = (n.c[1]?.c ?? []).map((a) => text(fr.file, a));
  const src = expand(def, args);
  const key = `${n.line}\0${src}`;
  const cache = (fr.file.expansions ??= new Map());
  let hit = cache.get(key);
  if (hit === undefined) {
    const expr = parseSnippet(fr.file, fr.file.parser, src, n.line, 'expression');
    const node = expr ?? parseSnippet(fr.file, fr.file.parser, src, n.line, 'statements');
    hit = node ? { node, statements: !expr } : null;
    cache.set(key, hit);
  }
  return hit ?? undefined;
}

/** Runs `fn` with `name` marked as being expanded (a macro does not expand inside itself). */
export function expanding<T>(name: string, run: Run, fn: () => T): T {
  const before = run.expanding;
  run.expanding = new Set([...(before ?? []), name]);
  try {
    return fn();
  } finally {
    run.expanding = before;
  }
}
