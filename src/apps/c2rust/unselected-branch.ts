import { readFileSync } from 'node:fs';
import { runProcess } from './cc-pool.js';
import { relPath } from './expansion.js';
import { definesOf } from './front-end.js';
import { prepareRaw, type InactiveDefine } from './raw-source.js';

/**
 * Why a file has parse errors, when the cause is a conditional that selected no branch: bzip2.c
 * without `-D BZ_UNIX=1` uses `NORETURN`, which it defines only under `#if BZ_UNIX` and
 * `#if BZ_LCCWIN32`, so `void f(void) NORETURN;` is left with a stray word. Among the identifiers
 * of the damaged text, a macro the project defines only in branches that were off, and nowhere
 * on, is the likely cause; the hint names it, the conditional that turned it off, and the -D
 * that would select the branch when the condition is a plain name.
 */
export interface BranchHint {
  macro: string;
  places: { file: string; line: number; directive: string; selected: boolean }[];
}

export interface HintInput {
  root: string;
  /** The damaged file (absolute). */
  file: string;
  /** Identifiers in its damaged text. */
  words: ReadonlySet<string>;
  /** Flags of the unit that parsed it. */
  args: readonly string[];
  /** The compiler's predefined macros (`cc -dM -E`), so `#ifdef __GNUC__` is decided as cc does. */
  predefined: ReadonlyMap<string, string>;
  /** Other project files that may define the macro (headers). */
  headers: readonly string[];
}

const MAX_MACROS = 2;

export function unselectedBranchHints(input: HintInput): BranchHint[] {
  const defines = new Map([...input.predefined, ...definesOf(input.args)]);
  const inactive = new Map<string, { file: string; def: InactiveDefine }[]>();
  const active = new Set<string>();
  for (const f of [input.file, ...input.headers.filter((h) => h !== input.file)]) {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    if (![...input.words].some((w) => text.includes(w))) continue;
    const r = prepareRaw(text, defines);
    for (const w of input.words) {
      if (r.activeDefines.has(w)) active.add(w);
      for (const def of r.inactiveDefines.get(w) ?? []) inactive.set(w, [...(inactive.get(w) ?? []), { file: f, def }]);
    }
  }
  const hints: BranchHint[] = [];
  for (const [macro, defs] of inactive) {
    if (active.has(macro) || defines.has(macro)) continue;
    const places = new Map<string, BranchHint['places'][number]>();
    for (const { file, def } of defs) {
      const rel = relPath(input.root, file);
      places.set(`${rel}:${def.group.line}`, { file: rel, line: def.group.line, directive: def.group.directive, selected: def.group.selected });
    }
    hints.push({ macro, places: [...places.values()] });
    if (hints.length >= MAX_MACROS) break;
  }
  return hints;
}

/** One sentence per macro: where it is defined, and what would select that branch. */
export function describeHints(hints: readonly BranchHint[]): string {
  return hints
    .map((h) => {
      const where = h.places.map((p) => `\`${p.directive}\` (${p.file}:${p.line})`).join(' and ');
      const none = h.places.every((p) => !p.selected);
      const names = h.places.map((p) => /^#\s*(?:if|ifdef|elif)\s+(?:defined\s*\(?\s*)?([A-Za-z_]\w*)\s*\)?$/.exec(p.directive)?.[1]).filter((n): n is string => Boolean(n));
      const fix = names.length > 0 ? `pass the build's flags (e.g. -D ${names[0]}=1) or its compile commands` : "pass the build's flags or its compile commands";
      return `\`${h.macro}\` is only defined under ${where}, ${none ? 'where no branch was selected' : 'which was off'}: ${fix}`;
    })
    .join('; ');
}

/** `cc -dM -E` of an empty file: what the compiler defines before any source line. */
export async function predefinedMacros(cc: readonly string[]): Promise<Map<string, string>> {
  const r = await runProcess([...cc, '-dM', '-E', '-x', 'c', '/dev/null'], process.cwd());
  const out = new Map<string, string>();
  if (r.code !== 0) return out;
  for (const line of r.stdout.split('\n')) {
    const m = /^#define ([A-Za-z_]\w*)(?:\s+(.*))?$/.exec(line);
    if (m) out.set(m[1] as string, m[2] ?? '');
  }
  return out;
}
