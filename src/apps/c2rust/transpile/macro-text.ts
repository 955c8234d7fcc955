/**
 * Just enough of the preprocessor to see through one function-like macro: `offsetof` written
 * inside a project macro (`container_of(p, struct entry, link)`) reaches the translator only as
 * the macro's use, since clang's JSON keeps no member designators for `offsetof`.
 */

export interface MacroDef {
  params: string[];
  body: string;
}

/** `#define NAME(a, b) body` in `text` (line continuations joined), the last definition wins. */
export function findMacro(text: string, name: string): MacroDef | undefined {
  const joined = text.replace(/\\\r?\n/g, ' ');
  const re = new RegExp(`^[ \\t]*#[ \\t]*define[ \\t]+${name}\\(([^)]*)\\)(.*)$`, 'gm');
  let found: MacroDef | undefined;
  for (let m = re.exec(joined); m; m = re.exec(joined)) {
    const params = (m[1] as string).split(',').map((p) => p.trim()).filter((p) => p !== '');
    found = { params, body: (m[2] as string).replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/.*$/, '').trim() };
  }
  return found;
}

/** The balanced argument list starting at `text[open]` (a `(`), split at top-level commas. */
export function callArgs(text: string, open: number): { args: string[]; end: number } | undefined {
  if (text[open] !== '(') return undefined;
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let k = open; k < text.length; k++) {
    const c = text[k];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) {
      args.push(text.slice(start, k).trim());
      return { args, end: k + 1 };
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, k).trim());
      start = k + 1;
    }
  }
  return undefined;
}

/** `NAME(args…)` expanded once with `def` (plain parameter substitution: `#`/`##` bodies are refused). */
export function expandUse(use: string, def: MacroDef): string | undefined {
  if (def.body.includes('#')) return undefined;
  const open = use.indexOf('(');
  const call = open > 0 ? callArgs(use, open) : undefined;
  if (!call || call.args.length !== def.params.length) return undefined;
  const byName = new Map(def.params.map((p, i) => [p, call.args[i] as string]));
  return def.body.replace(/[A-Za-z_]\w*/g, (id) => byName.get(id) ?? id);
}

/** The text of the first `offsetof(…)` (or `__builtin_offsetof(…)`) in `text`. */
export function firstOffsetof(text: string): string | undefined {
  const m = /\b(?:__builtin_)?offsetof\s*(?=\()/.exec(text);
  if (!m) return undefined;
  const call = callArgs(text, m.index + m[0].length);
  return call ? text.slice(m.index, call.end) : undefined;
}
