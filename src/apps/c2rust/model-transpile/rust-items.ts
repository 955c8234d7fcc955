import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import type { SyntaxNode } from '../../../lang/index.js';
import { modulePath } from '../optimize/crate.js';
import { itemHeadStart, itemName, parseRust, visibility, visitItems } from '../optimize/rust-syntax.js';

/**
 * What the stage needs to know about a crate's Rust items, read with tree-sitter: where a
 * function is (lines, signature), which items the crate defines and where (for the
 * deterministic fixes), and how many tests it has (for the guard).
 */

export interface ItemInfo {
  kind: 'fn' | 'struct' | 'enum' | 'union' | 'type' | 'const' | 'static' | 'trait' | 'mod';
  name: string;
  /** relative to the crate, posix */
  file: string;
  /** module path of the item inside its crate (`['stats']`; `[]` at a crate root) */
  modPath: string[];
  /** `pub`, `pub(crate)`… or '' */
  vis: string;
  /** 1-based, attributes and doc comments included */
  startLine: number;
  endLine: number;
  /** JS string indices of the item with its attributes and comments, and of the item itself */
  headStart: number;
  start: number;
  end: number;
  /** functions: the text up to the body, whitespace collapsed */
  signature?: string;
  unsafe?: boolean;
  /** is a `mod x;` without body */
  external?: boolean;
}

const KIND: Record<string, ItemInfo['kind']> = {
  function_item: 'fn',
  struct_item: 'struct',
  enum_item: 'enum',
  union_item: 'union',
  type_item: 'type',
  const_item: 'const',
  static_item: 'static',
  trait_item: 'trait',
  mod_item: 'mod',
};

/** Every library and binary source of the crate, sorted, relative posix paths. */
export function rustSources(crateDir: string): string[] {
  return globSync(['src/**/*.rs', 'tests/**/*.rs'], { cwd: crateDir, ignore: ['**/target/**', '**/.git/**', '**/.jarvis/**'] }).sort();
}

/** A binary's file (its own crate): `src/main.rs`, `src/bin/**`. */
export function isBinFile(file: string): boolean {
  return file === 'src/main.rs' || file.startsWith('src/bin/');
}

export function lineOf(text: string, index: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function fnSignature(node: SyntaxNode): string {
  const body = node.childForFieldName('body');
  const text = body ? node.text.slice(0, body.startIndex - node.startIndex) : node.text;
  return text.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/,? \)/g, ')').trim();
}

function unsafeFn(node: SyntaxNode): boolean {
  const mods = node.namedChildren.find((c) => c?.type === 'function_modifiers');
  return mods?.children.some((c) => c?.type === 'unsafe') ?? false;
}

/** Module-level items of one file (not inside functions, impls or traits). */
export async function fileItems(file: string, text: string): Promise<ItemInfo[]> {
  const tree = await parseRust(text);
  const out: ItemInfo[] = [];
  const base = file.startsWith('tests/') ? [] : modulePath(file);
  try {
    visitItems(tree.rootNode, (node, ctx) => {
      if (ctx.inFn || ctx.inTrait || ctx.implType) return;
      const name = itemName(node);
      const kind = KIND[node.type];
      if (!name || !kind) return;
      const head = itemHeadStart(node);
      out.push({
        kind,
        name,
        file,
        modPath: [...base, ...ctx.modPath],
        vis: (visibility(node)?.text ?? '').replace(/\s+/g, ''),
        startLine: lineOf(text, head),
        endLine: node.endPosition.row + 1,
        headStart: head,
        start: node.startIndex,
        end: node.endIndex,
        ...(kind === 'fn' ? { signature: fnSignature(node), unsafe: unsafeFn(node) } : {}),
        ...(kind === 'mod' ? { external: node.childForFieldName('body') === null } : {}),
      });
    });
  } finally {
    tree.delete();
  }
  return out;
}

/** Every module-level item of the crate's sources (tests/ included), by file. */
export async function crateItems(crateDir: string, files = rustSources(crateDir)): Promise<ItemInfo[]> {
  const out: ItemInfo[] = [];
  for (const f of files) {
    const path = join(crateDir, f);
    if (!existsSync(path)) continue;
    out.push(...(await fileItems(f, readFileSync(path, 'utf8'))));
  }
  return out;
}

/** A top-level function of a file, by name; the first one when an inline module repeats it. */
export async function findFunction(crateDir: string, file: string, name: string): Promise<ItemInfo | undefined> {
  const path = join(crateDir, file);
  if (!existsSync(path)) return undefined;
  const items = await fileItems(file, readFileSync(path, 'utf8'));
  return items.find((i) => i.kind === 'fn' && i.name === name && i.modPath.length === modulePath(file).length) ?? items.find((i) => i.kind === 'fn' && i.name === name);
}

/** `#[test]` functions per file: the guard compares these counts before and after a change. */
export function countTests(crateDir: string): { total: number; files: Record<string, number> } {
  const files: Record<string, number> = {};
  let total = 0;
  for (const f of rustSources(crateDir)) {
    const text = readFileSync(join(crateDir, f), 'utf8');
    // An attribute line of its own, as rustfmt writes it (`#[test]`, `#[tokio::test]`…).
    const n = (text.match(/^[ \t]*#\[(?:[\w:]+::)?test\][ \t]*$/gm) ?? []).length;
    if (n > 0 || f.startsWith('tests/')) files[f] = n;
    total += n;
  }
  return { total, files };
}
