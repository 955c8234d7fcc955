import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { calleeName, inDisabledRegion } from './c-ast.js';

/** What every hygiene check gets: the tree and its live calls indexed by callee name. */
export interface HygieneContext {
  root: SyntaxNode;
  /** calls outside `#if 0` regions, by plain callee name, in source order */
  calls: Map<string, SyntaxNode[]>;
  /** C++ member calls (`s.c_str()`, `p->data()`) outside `#if 0`, by member name, in source order */
  methods: Map<string, SyntaxNode[]>;
  /** C++ `new` and `delete` expressions outside `#if 0`, in source order */
  news: SyntaxNode[];
  deletes: SyntaxNode[];
  /** every `array_declarator`, in source order (the stack-allocation check reads them) */
  arrays: SyntaxNode[];
  /** every `class_specifier` and `struct_specifier`, in source order (the C++ class checks read them) */
  classes: SyntaxNode[];
  file: string;
  /** the file's text, read from the tree once on first use */
  source: () => string;
}

export type HygieneCheck = (ctx: HygieneContext) => RawFinding[];

const WALKED = ['call_expression', 'array_declarator', 'preproc_if', 'preproc_elif', 'new_expression', 'delete_expression', 'class_specifier', 'struct_specifier'];
/**
 * The node types buildContext indexes. The C engine's walk that copies the tree picks them out
 * (c/ast.ts), so a scan hands them over instead of walking the wasm tree a second time.
 */
export const HYGIENE_NODE_TYPES: ReadonlySet<string> = new Set(WALKED);

function push(map: Map<string, SyntaxNode[]>, key: string, node: SyntaxNode): void {
  const list = map.get(key);
  if (list) list.push(node);
  else map.set(key, [node]);
}

/** `found`: the nodes of HYGIENE_NODE_TYPES under `root` in document order, when a walk already has them. */
export function buildContext(root: SyntaxNode, file: string, found?: readonly SyntaxNode[]): HygieneContext {
  const calls = new Map<string, SyntaxNode[]>();
  const methods = new Map<string, SyntaxNode[]>();
  const news: SyntaxNode[] = [];
  const deletes: SyntaxNode[] = [];
  const arrays: SyntaxNode[] = [];
  const classes: SyntaxNode[] = [];
  // One walk of the tree for everything the checks look up: each walk is a large share of a scan.
  found ??= root.descendantsOfType(WALKED);
  // Walking every call's ancestors is costly too; without any #if/#elif it cannot matter.
  const mayBeDisabled = found.some((n) => n.type === 'preproc_if' || n.type === 'preproc_elif');
  for (const node of found) {
    switch (node.type) {
      case 'array_declarator':
        arrays.push(node);
        continue;
      case 'class_specifier':
      case 'struct_specifier':
        classes.push(node);
        continue;
      case 'new_expression':
      case 'delete_expression':
        if (!mayBeDisabled || !inDisabledRegion(node)) (node.type === 'new_expression' ? news : deletes).push(node);
        continue;
      case 'call_expression':
        break;
      default:
        continue;
    }
    const name = calleeName(node);
    const fn = name ? undefined : node.childForFieldName('function');
    const method = fn?.type === 'field_expression' ? fn.childForFieldName('field')?.text : undefined;
    if ((!name && !method) || (mayBeDisabled && inDisabledRegion(node))) continue;
    if (name) push(calls, name, node);
    else if (method) push(methods, method, node);
  }
  let text: string | undefined;
  return { root, calls, methods, news, deletes, arrays, classes, file, source: () => (text ??= root.text) };
}

export function callsOf(ctx: HygieneContext, names: Iterable<string>): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const n of names) out.push(...(ctx.calls.get(n) ?? []));
  return out.sort((a, b) => a.startIndex - b.startIndex);
}
