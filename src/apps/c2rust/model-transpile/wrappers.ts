import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import type { SyntaxNode } from '../../../lang/index.js';
import { descendantsOfType, parseRust } from '../optimize/rust-syntax.js';
import { applyEdits, type TextEdit } from '../optimize/text-edits.js';
import { fileItems, rustSources } from './rust-items.js';

/**
 * A `<name>_ffi` wrapper lives while something still calls it: Rust code not converted yet, or
 * C kept in C (`c/`, which links to it by its C name). Once neither does, it is deleted with the
 * `use` lines that only imported it.
 */

export interface Wrapper {
  c_name: string;
  c_file: string;
  name: string;
  file: string;
}

function insideUse(n: SyntaxNode): boolean {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'use_declaration') return true;
  return false;
}

/** Places that use the wrapper (outside `use` lines and its own definition), as `file:line`. */
export async function wrapperUses(crateDir: string, w: Wrapper): Promise<string[]> {
  const uses: string[] = [];
  for (const f of rustSources(crateDir)) {
    const text = readFileSync(join(crateDir, f), 'utf8');
    if (!text.includes(w.name)) continue;
    const tree = await parseRust(text);
    try {
      for (const id of descendantsOfType(tree.rootNode, 'identifier')) {
        if (id.text !== w.name || insideUse(id)) continue;
        const parent = id.parent;
        if (f === w.file && parent?.type === 'function_item' && parent.childForFieldName('name')?.id === id.id) continue;
        uses.push(`${f}:${id.startPosition.row + 1}`);
      }
    } finally {
      tree.delete();
    }
  }
  for (const c of globSync(['c/**/*.c', 'c/**/*.h'], { cwd: crateDir })) {
    if (new RegExp(`\\b${w.c_name}\\b`).test(readFileSync(join(crateDir, c), 'utf8'))) uses.push(c);
  }
  return uses;
}

/** Edits dropping `name` from the `use` declarations of a text (a whole declaration when nothing else is left). */
async function useEdits(text: string, name: string): Promise<TextEdit[]> {
  const tree = await parseRust(text);
  const edits: TextEdit[] = [];
  try {
    for (const use of descendantsOfType(tree.rootNode, 'use_declaration')) {
      const arg = use.childForFieldName('argument');
      if (!arg || !new RegExp(`\\b${name}\\b`).test(arg.text)) continue;
      const wholeLine = () => {
        const end = text[use.endIndex] === '\n' ? use.endIndex + 1 : use.endIndex;
        const start = text.lastIndexOf('\n', use.startIndex - 1) + 1;
        edits.push({ start: /^\s*$/.test(text.slice(start, use.startIndex)) ? start : use.startIndex, end, text: '' });
      };
      if (arg.type === 'scoped_identifier' && arg.childForFieldName('name')?.text === name) {
        wholeLine();
        continue;
      }
      if (arg.type !== 'scoped_use_list') continue;
      const list = arg.childForFieldName('list');
      const items = (list?.namedChildren ?? []).filter((c): c is SyntaxNode => c !== null);
      const kept = items.filter((c) => c.text !== name);
      if (kept.length === items.length || !list) continue;
      if (kept.length === 0) wholeLine();
      else edits.push({ start: list.startIndex, end: list.endIndex, text: `{${kept.map((c) => c.text).join(', ')}}` });
    }
  } finally {
    tree.delete();
  }
  return edits;
}

/** Deletes the wrapper and the imports of it; returns the files changed with their previous text. */
export async function removeWrapper(crateDir: string, w: Wrapper): Promise<Map<string, string>> {
  const before = new Map<string, string>();
  for (const f of rustSources(crateDir)) {
    const path = join(crateDir, f);
    const text = readFileSync(path, 'utf8');
    if (!text.includes(w.name)) continue;
    const edits = await useEdits(text, w.name);
    if (f === w.file) {
      const item = (await fileItems(f, text)).find((i) => i.kind === 'fn' && i.name === w.name);
      if (item) {
        let end = item.end;
        while (text[end] === '\n' && end < text.length && text[end + 1] === '\n') end++;
        if (text[end] === '\n') end++;
        edits.push({ start: text.lastIndexOf('\n', item.headStart - 1) + 1, end, text: '' });
      }
    }
    if (edits.length === 0) continue;
    before.set(f, text);
    writeFileSync(path, applyEdits(text, edits));
  }
  return before;
}

export function restoreFiles(crateDir: string, before: ReadonlyMap<string, string>): void {
  for (const [f, text] of before) if (existsSync(join(crateDir, f)) || text !== '') writeFileSync(join(crateDir, f), text);
}
