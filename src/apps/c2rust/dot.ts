import { mkdirSync } from 'node:fs';
import type * as ResvgModule from '@resvg/resvg-js';
import { join } from 'node:path';
import { JarvisError, writeFileAtomicSync } from '../../util/index.js';
import { functionGraph } from './order.js';
import type { SymbolRecord } from './symbols.js';

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * The call graph as DOT: one node per defined function (name, file:line), one edge per caller →
 * callee pair inside the project. `only` restricts it to a set of ids (a root's subgraph).
 */
export function toDot(symbols: readonly SymbolRecord[], opts: { only?: ReadonlySet<number>; title?: string } = {}): string {
  const graph = functionGraph(symbols);
  const byId = new Map(symbols.map((s) => [s.id, s]));
  const keep = (id: number) => graph.has(id) && (!opts.only || opts.only.has(id));
  const lines = [`digraph ${quote(opts.title ?? 'calls')} {`, '  rankdir=LR;', '  node [shape=box, fontname="Helvetica", fontsize=10];'];
  // Crossing minimisation dominates layout time on big graphs; a few passes look nearly as good.
  // Layout time grows fast with size; past a few hundred boxes nobody reads the crossings anyway.
  // Fewer crossing-minimisation passes and straight edges cut zlib's 578 nodes from ~1.3 s to ~0.2 s.
  const size = [...graph.keys()].filter(keep).length;
  if (size > 300) lines.push('  mclimit=0.01; nslimit=1; nslimit1=1; remincross=false; splines=false;');
  else if (size > 150) lines.push('  mclimit=0.05; nslimit=2; nslimit1=2; splines=polyline;');
  for (const id of [...graph.keys()].sort((a, b) => a - b)) {
    if (!keep(id)) continue;
    const s = byId.get(id) as SymbolRecord;
    lines.push(`  n${id} [label=${quote(`${s.name}\n${s.file}:${s.start_line}`)}];`);
  }
  for (const [from, tos] of graph) {
    if (!keep(from)) continue;
    for (const to of tos) if (keep(to)) lines.push(`  n${from} -> n${to};`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** Every function reachable from `root` through calls and function-pointer uses. */
export function reachable(symbols: readonly SymbolRecord[], root: number): Set<number> {
  const graph = functionGraph(symbols);
  const seen = new Set<number>([root]);
  const todo = [root];
  while (todo.length > 0) {
    for (const next of graph.get(todo.pop() as number) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
    }
  }
  return seen;
}

let graphviz: Promise<{ dot(src: string, format: 'svg'): string }> | undefined;

/** Starts compiling the Graphviz wasm (in the background) so it is ready when the scan ends. */
export function preloadGraphviz(): void {
  if (graphviz) return;
  graphviz = import('@hpcc-js/wasm-graphviz').then(({ Graphviz }) => Graphviz.load());
  // A failure surfaces where the SVG is rendered, not as an unhandled rejection here.
  graphviz.catch(() => undefined);
}

/** DOT → SVG with Graphviz compiled to wasm: no `dot` binary needed, works offline. */
export async function renderSvg(dot: string): Promise<string> {
  preloadGraphviz();
  const gv = await (graphviz as Promise<{ dot(src: string, format: 'svg'): string }>);
  return gv.dot(dot, 'svg');
}

/** SVG → PNG with resvg (a prebuilt native binding per platform, loaded only when asked for). */
export async function renderPng(svg: string): Promise<Buffer> {
  let resvg: typeof ResvgModule;
  try {
    resvg = await import('@resvg/resvg-js');
  } catch (e) {
    throw new JarvisError('not_found', `PNG rendering needs @resvg/resvg-js, which failed to load: ${(e as Error).message}`, {
      hint: 'reinstall with `npm install @resvg/resvg-js`, or drop --png (the SVG is written anyway)',
    });
  }
  return new resvg.Resvg(svg, { background: 'white', font: { loadSystemFonts: true } }).render().asPng();
}

export interface GraphFiles {
  dot: string;
  svg: string;
  png?: string;
}

/** Writes `<base>.dot` and `<base>.svg` (and `.png`) for a DOT text. */
export async function writeGraph(dotPath: string, dot: string, png: boolean): Promise<GraphFiles> {
  const base = dotPath.replace(/\.dot$/i, '');
  writeFileAtomicSync(dotPath, dot);
  const svg = await renderSvg(dot);
  const files: GraphFiles = { dot: dotPath, svg: `${base}.svg` };
  writeFileAtomicSync(files.svg, svg);
  if (png) {
    files.png = `${base}.png`;
    writeFileAtomicSync(files.png, await renderPng(svg));
  }
  return files;
}

/** One DOT/SVG (and PNG) per root function, named `<name>_<id>` so static twins do not collide. */
export async function writeSubgraphs(symbols: readonly SymbolRecord[], roots: readonly number[], dir: string, png: boolean): Promise<GraphFiles[]> {
  mkdirSync(dir, { recursive: true });
  const byId = new Map(symbols.map((s) => [s.id, s]));
  const out: GraphFiles[] = [];
  for (const root of roots) {
    const s = byId.get(root);
    if (!s) continue;
    const dot = toDot(symbols, { only: reachable(symbols, root), title: s.name });
    out.push(await writeGraph(join(dir, `${s.name.replace(/[^A-Za-z0-9_.-]/g, '_')}_${root}.dot`), dot, png));
  }
  return out;
}
