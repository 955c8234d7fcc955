import ignore from 'ignore';

/**
 * A file filter from one gitignore-style glob, matched against paths relative to the search
 * path: `*.c` matches at any depth, `src/*.c` only there, `**` spans directories. Braces
 * (`*.{c,h}`) are expanded here because models write them and gitignore syntax has none.
 */
export function globFilter(glob: string): (relPath: string) => boolean {
  const patterns = expandBraces(glob.trim().replace(/^\.\//, ''));
  const ig = ignore({ allowRelativePaths: true }).add(patterns);
  return (rel) => ig.ignores(rel);
}

const MAX_EXPANSIONS = 256;

export function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open < 0) return [pattern];
  // The first group whose braces balance; an unbalanced brace is taken literally.
  let depth = 0;
  let close = -1;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === '{') depth++;
    else if (pattern[i] === '}' && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0) return [pattern];
  const body = pattern.slice(open + 1, close);
  const options: string[] = [];
  depth = 0;
  let last = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '{') depth++;
    else if (body[i] === '}') depth--;
    else if (body[i] === ',' && depth === 0) {
      options.push(body.slice(last, i));
      last = i + 1;
    }
  }
  options.push(body.slice(last));
  const prefix = pattern.slice(0, open);
  const suffix = pattern.slice(close + 1);
  const out: string[] = [];
  for (const o of options) {
    for (const e of expandBraces(prefix + o + suffix)) {
      out.push(e);
      if (out.length >= MAX_EXPANSIONS) return out;
    }
  }
  return out;
}
