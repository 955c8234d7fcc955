import type { LanguageId } from '../../../lang/tree-sitter.js';

/**
 * Where a block comment opens that never closes (1-based line and column), else undefined.
 * tree-sitter recovers from `/*` without `*\/` by parsing the rest as code, but a compiler
 * treats it as comment to the end of the file, so nothing after it may produce a finding.
 */
export function unterminatedComment(source: string, language: LanguageId): { line: number; column: number } | undefined {
  const lastOpen = source.lastIndexOf('/*');
  if (lastOpen === -1) return undefined;
  // C comments do not nest and nothing inside one (string, `//`) hides its `*/`: when a `*/` follows
  // the last `/*`, every opener has one after it, so none is left open. Saves the walk below on
  // nearly every file.
  if (language !== 'rust' && source.indexOf('*/', lastOpen + 2) !== -1) return undefined;
  let line = 1;
  let lineStart = 0;
  const n = source.length;
  for (let i = 0; i < n; i++) {
    const c = source[i];
    if (c === '\n') {
      line++;
      lineStart = i + 1;
    } else if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      if (end === -1) return undefined;
      i = end - 1;
    } else if (c === '/' && source[i + 1] === '*') {
      const open = { line, column: i - lineStart + 1 };
      // Rust block comments nest; C ones do not.
      let depth = 1;
      let j = i + 2;
      for (; j < n && depth > 0; j++) {
        if (source[j] === '\n') {
          line++;
          lineStart = j + 1;
        } else if (source[j] === '*' && source[j + 1] === '/') {
          depth--;
          j++;
        } else if (language === 'rust' && source[j] === '/' && source[j + 1] === '*') {
          depth++;
          j++;
        }
      }
      if (depth > 0) return open;
      i = j - 1;
    } else if (c === '"' || (c === "'" && language !== 'rust')) {
      // Skip the literal; an unclosed one ends at the line end, as the compiler would complain there.
      let j = i + 1;
      for (; j < n && source[j] !== c && source[j] !== '\n'; j++) if (source[j] === '\\') j++;
      if (source[j] === '\n') j--;
      i = j;
    }
  }
  return undefined;
}
