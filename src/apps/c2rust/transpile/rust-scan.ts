/**
 * Finds the top-level items of generated Rust and the lines inside unsafe code, with a small
 * tokenizer (strings, chars, lifetimes/labels, comments) instead of a full parser: the files
 * are our own output, formatted by rustfmt, and tens of thousands of lines long.
 */
export interface RustOutline {
  /** `fn:name`, `static:name`, `struct:name`, `union:name`, `type:name`, `const:name` → [first, last] line (1-based). */
  ranges: Map<string, [number, number]>;
  unsafeLines: number;
}

const ITEM = /^(?:pub(?:\([^)]*\))? )?(?:(?:unsafe|extern "C"|const|async) )*(fn|static(?: mut)?|struct|union|type|const|enum|impl|mod) +(r#)?([A-Za-z_]\w*)/;

export function outline(text: string): RustOutline {
  const lines = text.split('\n');
  const ranges = new Map<string, [number, number]>();
  let depth = 0;
  let inBlock = 0;
  let itemStart = -1;
  let itemKey = '';
  let attrStart = -1;
  let unsafeLines = 0;
  let unsafeDepth = -1;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li] as string;
    if (depth === 0 && inBlock === 0) {
      const t = line.trim();
      if (t.startsWith('#[') && attrStart < 0) attrStart = li;
      const m = ITEM.exec(t);
      if (m) {
        const kind = (m[1] as string).startsWith('static') ? 'static' : (m[1] as string);
        itemKey = `${kind}:${m[3]}`;
        itemStart = attrStart >= 0 ? attrStart : li;
        if (kind === 'fn' && /\bunsafe\b/.test(t.slice(0, t.indexOf('fn')))) unsafeDepth = 0;
      }
      if (!t.startsWith('#[')) attrStart = -1;
    }
    const before = depth;
    // Tokenize the line for braces.
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (inBlock > 0) {
        if (c === '*' && line[i + 1] === '/') {
          inBlock--;
          i++;
        } else if (c === '/' && line[i + 1] === '*') {
          inBlock++;
          i++;
        }
        continue;
      }
      if (c === '/' && line[i + 1] === '/') break;
      if (c === '/' && line[i + 1] === '*') {
        inBlock++;
        i++;
        continue;
      }
      if (c === '"') {
        for (i++; i < line.length && line[i] !== '"'; i++) if (line[i] === '\\') i++;
        continue;
      }
      if (c === "'") {
        // A char literal closes within a few characters; a lifetime or label does not.
        const m = /^'(\\.[^']*|[^\\'])'/.exec(line.slice(i));
        if (m) i += m[0].length - 1;
        continue;
      }
      if (c === '{') depth++;
      else if (c === '}') depth--;
    }
    if (unsafeDepth === 0 && (depth > 0 || before > 0)) unsafeLines++;
    else if (unsafeDepth < 0 && /\bunsafe \{/.test(line)) unsafeLines++;
    if (itemKey && depth === 0 && (before > 0 || /[;}]\s*$/.test(line))) {
      if (!ranges.has(itemKey)) ranges.set(itemKey, [itemStart + 1, li + 1]);
      itemKey = '';
      unsafeDepth = -1;
    }
  }
  return { ranges, unsafeLines };
}
