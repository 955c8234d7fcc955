import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SyntaxNode } from '../../../lang/index.js';
import { descendantsOfType, parseRust } from '../optimize/rust-syntax.js';
import { applyEdits, type TextEdit } from '../optimize/text-edits.js';
import { fileItems, rustSources } from './rust-items.js';

/**
 * Before the model rewrites a function, its deterministic translation is renamed `<name>_ffi`
 * in every file that refers to it, and exported to C under its C name (`#[export_name]`
 * instead of `#[no_mangle]`). Callers not converted yet keep calling the C-shaped function,
 * so they compile whatever safe signature the new function gets; the model turns `<name>_ffi`
 * into a thin wrapper over the new one. Purely syntactic (tree-sitter), checked by the build.
 */

export interface RenameTarget {
  /** the Rust name as written (`r#type` allowed) */
  name: string;
  /** the file that defines it, relative to the crate */
  file: string;
  /** its module path (`['stats']`) */
  modPath: string[];
  /** the C symbol, for `#[export_name]` */
  cName: string;
  /** the library crate's name, as binaries write it (`proj_rs::stats::clamp`) */
  libName: string;
}

const bare = (n: string) => n.replace(/^r#/, '');
export const ffiName = (rustName: string): string => `${bare(rustName)}_ffi`;

/** Path segments of a `use`/expression path with `crate`, `self`, `super` and the library name dropped. */
function pathSegments(text: string, libName: string): { segs: string[]; relative: boolean } {
  const parts = text.replace(/\s+/g, '').replace(/^::/, '').split('::').filter((p) => p !== '');
  let relative = false;
  while (parts.length > 0 && ['crate', 'self', 'super', libName].includes(parts[0] as string)) {
    if (parts[0] === 'self' || parts[0] === 'super') relative = true;
    parts.shift();
  }
  return { segs: parts, relative };
}

function pathMatches(pathText: string, t: RenameTarget): boolean {
  const { segs, relative } = pathSegments(pathText, t.libName);
  if (segs.join('::') === t.modPath.join('::')) return true;
  return relative && segs.length <= t.modPath.length && t.modPath.slice(t.modPath.length - segs.length).join('::') === segs.join('::');
}

/** How a file names the item: bare (defines or imports it without alias) or only through paths. */
function importsBare(root: SyntaxNode, t: RenameTarget, definesOwn: boolean): boolean {
  for (const use of descendantsOfType(root, 'use_declaration')) {
    const arg = use.childForFieldName('argument');
    if (!arg) continue;
    const visit = (n: SyntaxNode, prefix: string): boolean => {
      if (n.type === 'scoped_identifier') {
        const path = n.childForFieldName('path')?.text ?? '';
        return bare(n.childForFieldName('name')?.text ?? '') === bare(t.name) && pathMatches(`${prefix}${path}`, t);
      }
      if (n.type === 'identifier') return bare(n.text) === bare(t.name) && prefix !== '' && pathMatches(prefix.replace(/::$/, ''), t);
      if (n.type === 'scoped_use_list') {
        const path = n.childForFieldName('path')?.text ?? '';
        const list = n.childForFieldName('list');
        return (list?.namedChildren ?? []).some((c) => c !== null && visit(c, `${prefix}${path}::`));
      }
      if (n.type === 'use_list') return n.namedChildren.some((c) => c !== null && visit(c, prefix));
      if (n.type === 'use_wildcard') {
        const path = n.text.replace(/::\*$/, '');
        return !definesOwn && pathMatches(`${prefix}${path}`, t);
      }
      return false; // `use_as_clause`: the file uses the alias, renamed through the path only
    };
    if (visit(arg, '')) return true;
  }
  return false;
}

/** The edits renaming references to `t` in one file's text. */
export async function renameEdits(file: string, text: string, t: RenameTarget, newName: string): Promise<TextEdit[]> {
  const tree = await parseRust(text);
  try {
    const root = tree.rootNode;
    const own = file === t.file;
    const definesOwn = !own && (await fileItems(file, text)).some((i) => bare(i.name) === bare(t.name) && i.modPath.length === 0);
    const bareUse = own || importsBare(root, t, definesOwn);
    const edits: TextEdit[] = [];
    for (const id of descendantsOfType(root, 'identifier')) {
      if (bare(id.text) !== bare(t.name)) continue;
      const parent = id.parent;
      const inPath = parent?.type === 'scoped_identifier' && parent.childForFieldName('name')?.id === id.id;
      if (inPath) {
        if (!pathMatches(parent.childForFieldName('path')?.text ?? '', t)) continue;
      } else if (!bareUse) {
        // `use a::b::{clamp}` in a file that only names it through paths cannot happen; a bare
        // name here is something else (a local, another item).
        const inUseList = parent?.type === 'use_list' || parent?.type === 'scoped_use_list';
        if (!inUseList) continue;
        const listOwner = parent.type === 'use_list' ? parent.parent : parent;
        if (listOwner?.type !== 'scoped_use_list' || !pathMatches(listOwner.childForFieldName('path')?.text ?? '', t)) continue;
      }
      edits.push({ start: id.startIndex, end: id.endIndex, text: newName });
    }
    return edits;
  } finally {
    tree.delete();
  }
}

/** `#[no_mangle]` on the definition becomes `#[export_name = "c"]` (the Rust name changed, the C one must not). */
async function exportEdits(text: string, t: RenameTarget, file: string): Promise<TextEdit[]> {
  const fn = (await fileItems(file, text)).find((i) => i.kind === 'fn' && bare(i.name) === bare(t.name) && i.modPath.join('::') === t.modPath.join('::'));
  if (!fn) return [];
  const head = text.slice(fn.headStart, fn.start);
  const m = /#\[(unsafe\()?no_mangle\)?\]/.exec(head);
  if (!m) return [];
  const attr = m[1] ? `#[unsafe(export_name = "${t.cName}")]` : `#[export_name = "${t.cName}"]`;
  return [{ start: fn.headStart + m.index, end: fn.headStart + m.index + m[0].length, text: attr }];
}

/** Renames the item everywhere it is referred to; returns the files changed. */
export async function renameForWrapper(crateDir: string, t: RenameTarget): Promise<string[]> {
  const newName = ffiName(t.name);
  const changed: string[] = [];
  for (const f of rustSources(crateDir)) {
    const path = join(crateDir, f);
    const text = readFileSync(path, 'utf8');
    if (!text.includes(bare(t.name))) continue;
    const edits = await renameEdits(f, text, t, newName);
    if (f === t.file) edits.push(...(await exportEdits(text, t, f)));
    if (edits.length === 0) continue;
    writeFileSync(path, applyEdits(text, edits));
    changed.push(f);
  }
  return changed;
}
