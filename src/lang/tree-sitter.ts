import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Parser, Language, type Node as SyntaxNode, type Tree } from 'web-tree-sitter';

export type LanguageId = 'c' | 'cpp' | 'rust';

const require = createRequire(import.meta.url);

// The grammars ship their .wasm inside the npm packages, so nothing is compiled on install.
function wasmPath(lang: LanguageId): string {
  const pkg = `tree-sitter-${lang}`;
  return join(dirname(require.resolve(`${pkg}/package.json`)), `${pkg}.wasm`);
}

/** `WebAssembly.Module`, which the ES2023 lib does not declare (Node has it as a global). */
type WasmModule = Parameters<typeof Language.loadSync>[0];
const wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => WasmModule } }).WebAssembly;

let initialised: Promise<void> | undefined;
const languages = new Map<LanguageId, Language>();
const parsers = new Map<LanguageId, Parser>();

/** The runtime's exported cursor functions: each reads (and a move writes back) the cursor in the transfer buffer. */
interface CursorExports {
  HEAP32: Int32Array;
  _ts_init(): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
}

/** Parser.init() turns this object into the Emscripten module: its exports and memory views land on it. */
const wasmModule: Partial<CursorExports> = {};
let raw: { m: CursorExports; transfer: number } | undefined;

function initRuntime(): Promise<void> {
  return Parser.init(wasmModule).then(() => {
    const m = wasmModule;
    if (
      typeof m._ts_init === 'function' && m.HEAP32 instanceof Int32Array && typeof m._ts_tree_cursor_current_node_type_id_wasm === 'function' &&
      typeof m._ts_tree_cursor_start_index_wasm === 'function' && typeof m._ts_tree_cursor_end_index_wasm === 'function' &&
      typeof m._ts_tree_cursor_goto_first_child_wasm === 'function' && typeof m._ts_tree_cursor_goto_next_sibling_wasm === 'function' &&
      typeof m._ts_tree_cursor_goto_parent_wasm === 'function'
    ) {
      // the runtime's own init already called it: it only writes the ABI versions and returns the buffer's address
      raw = { m: m as CursorExports, transfer: m._ts_init() };
    }
  });
}

/**
 * Keeps wasm on V8's baseline compiler (Liftoff) for the rest of the process, workers included.
 * Otherwise V8 recompiles the hot functions with its optimising compiler in the background: the
 * grammars' lexers are single 40–90 KB functions, and recompiling them and the runtime's parser
 * loop costs 0.1–0.5 s of CPU per thread, which the process waits for at exit. That pays back only
 * after a few MB of parsing; below that (a pre-commit hook's files) the baseline code is faster
 * overall. Call it before this thread compiles any wasm; a call after that changes nothing.
 */
export function baselineWasmOnly(): void {
  if (initialised) return;
  // a V8 flag: read when a wasm module is compiled, so setting it before the first compile is safe
  setFlagsFromString('--liftoff-only');
}

/** Starts the wasm runtime of this thread (once); grammars and parsers need it first. */
export function initTreeSitter(): Promise<void> {
  initialised ??= initRuntime();
  return initialised;
}

/**
 * A grammar, compiled on first use. Compiling is synchronous so that code deep in an analysis can
 * ask for a grammar only when a file needs it: a C-only scan never compiles the C++ grammar (3.4 MB
 * of wasm, more start-up than a small scan costs), and nothing is compiled when nothing is parsed.
 * The runtime must be started first (`await initTreeSitter()`).
 */
export function languageSync(lang: LanguageId): Language {
  let loaded = languages.get(lang);
  if (!loaded) {
    loaded = Language.loadSync(new wasm.Module(readFileSync(wasmPath(lang))));
    languages.set(lang, loaded);
  }
  return loaded;
}

export async function loadLanguage(lang: LanguageId): Promise<Language> {
  await initTreeSitter();
  return languageSync(lang);
}

/** A parser for `lang`, reused across calls in this thread (parsers are not thread-safe, threads each load their own); the runtime must be started. */
export function getParserSync(lang: LanguageId): Parser {
  const existing = parsers.get(lang);
  if (existing) return existing;
  const parser = new Parser();
  parser.setLanguage(languageSync(lang));
  parsers.set(lang, parser);
  return parser;
}

/** A parser for `lang`, reused across calls in this thread (parsers are not thread-safe, threads each load their own). */
export async function getParser(lang: LanguageId): Promise<Parser> {
  await initTreeSitter();
  return getParserSync(lang);
}

/** Parses source text; the caller must `tree.delete()` when done, wasm memory is not garbage-collected. */
export async function parseSource(source: string, lang: LanguageId): Promise<Tree> {
  const parser = await getParser(lang);
  const tree = parser.parse(source);
  if (!tree) throw new Error(`tree-sitter returned no tree for a ${lang} source of ${source.length} characters`);
  return tree;
}

/** Parses source text and hands its root to `fn`, freeing the wasm tree afterwards (also when `fn` throws). */
export async function withSyntaxTree<T>(source: string, lang: LanguageId, fn: (root: SyntaxNode) => T): Promise<T> {
  const tree = await parseSource(source, lang);
  try {
    return fn(tree.rootNode);
  } finally {
    tree.delete();
  }
}

/** A depth-first cursor for walks that visit every node (see fastCursor). */
export interface FastCursor {
  /** symbol id of the current node (Language.nodeTypeForId names it; aliases included) */
  typeId(): number;
  startIndex(): number;
  endIndex(): number;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  /** the current node as a SyntaxNode (as costly as TreeCursor.currentNode: for the few nodes that need it) */
  currentNode(): SyntaxNode;
  /** frees the cursor; call it once, also when the walk throws */
  delete(): void;
}

type CursorWords = Record<0 | 1 | 2 | 3, number>;

/** Whether fastCursor calls the runtime directly (false: it falls back to TreeCursor). */
export function fastCursorIsDirect(): boolean {
  return raw !== undefined;
}

/**
 * A cursor over `tree` for walks that visit every node. web-tree-sitter's TreeCursor copies its
 * four words of state into the runtime's transfer buffer and back around every call through the
 * generic setValue/getValue, which cost more than the moves themselves; here they are copied with
 * plain typed-array reads and writes, and the exported cursor functions are called directly.
 * The state lives in the TreeCursor's own words, as web-tree-sitter keeps it, so other calls into
 * tree-sitter during the walk (a node's parent or text) do no harm. Falls back to TreeCursor when
 * the runtime's exports are not where this version of web-tree-sitter puts them.
 */
export function fastCursor(tree: Tree): FastCursor {
  const cursor = tree.walk();
  const r = raw;
  if (!r) {
    return {
      typeId: () => cursor.nodeTypeId,
      startIndex: () => cursor.startIndex,
      endIndex: () => cursor.endIndex,
      gotoFirstChild: () => cursor.gotoFirstChild(),
      gotoNextSibling: () => cursor.gotoNextSibling(),
      gotoParent: () => cursor.gotoParent(),
      currentNode: () => cursor.currentNode,
      delete: () => cursor.delete(),
    };
  }
  const { m, transfer } = r;
  const ptr = (tree as unknown as CursorWords)[0];
  const words = cursor as unknown as CursorWords;
  const at = transfer >> 2;
  // a move may reallocate the cursor's stack and so grow wasm memory: views are taken fresh
  const toCursor = (): void => {
    const h = m.HEAP32;
    words[0] = h[at] as number;
    words[1] = h[at + 1] as number;
    words[2] = h[at + 2] as number;
    words[3] = h[at + 3] as number;
  };
  const toBuffer = (): void => {
    const h = m.HEAP32;
    h[at] = words[0];
    h[at + 1] = words[1];
    h[at + 2] = words[2];
    h[at + 3] = words[3];
  };
  const move = (r: number): boolean => {
    toCursor();
    return r === 1;
  };
  return {
    typeId: () => (toBuffer(), m._ts_tree_cursor_current_node_type_id_wasm(ptr)),
    startIndex: () => (toBuffer(), m._ts_tree_cursor_start_index_wasm(ptr)),
    endIndex: () => (toBuffer(), m._ts_tree_cursor_end_index_wasm(ptr)),
    gotoFirstChild: () => (toBuffer(), move(m._ts_tree_cursor_goto_first_child_wasm(ptr))),
    gotoNextSibling: () => (toBuffer(), move(m._ts_tree_cursor_goto_next_sibling_wasm(ptr))),
    gotoParent: () => (toBuffer(), move(m._ts_tree_cursor_goto_parent_wasm(ptr))),
    currentNode: () => cursor.currentNode,
    delete: () => cursor.delete(),
  };
}

export function languageForPath(path: string): LanguageId | undefined {
  const m = /\.([A-Za-z0-9+]+)$/.exec(path);
  const ext = m?.[1]?.toLowerCase();
  if (!ext) return undefined;
  if (ext === 'c' || ext === 'h') return 'c';
  if (['cc', 'cpp', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h++', 'ipp', 'inl'].includes(ext)) return 'cpp';
  if (ext === 'rs') return 'rust';
  return undefined;
}

export type { Tree, Node as SyntaxNode } from 'web-tree-sitter';
