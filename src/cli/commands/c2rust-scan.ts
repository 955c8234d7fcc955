import { Option, type Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import v8 from 'node:v8';
import { join, resolve } from 'node:path';
import { artifactPath, c2rustDir, findCompileCommands, listSources, preloadGraphviz, writeGraph, writeSubgraphs, toDot, findRoots, scanProject, sourceBytes, writeScanArtifacts, type ScanResult, loadSymbols, type SymbolRecord } from '../../apps/c2rust/index.js';
import { JarvisError, colors, errColors, formatTable } from '../../util/index.js';
import { positionalPath } from '../flags.js';

interface ScanFlags {
  project?: string;
  ccRoot?: string;
  define: string[];
  include: string[];
  preprocess: boolean;
  dot?: string;
  onlyDot?: boolean;
  subgraphsDir?: string;
  onlySubgraphs?: boolean;
  png?: boolean;
  json?: boolean;
}

const collectList = (v: string, prev: string[]) => [...prev, v];

/** `jc2r scan`: symbols, call graph, translation order and graphs under .jarvis/c2rust/. */
export function registerScan(program: Command): void {
  program
    .command('scan')
    .description('scan C/C++ sources: symbols.jsonl, call graph, translation_order.jsonl, graph.dot/svg')
    .argument('[path]', 'project root to scan (default: the current directory)')
    .addOption(new Option('-p, --project <root>', 'the older spelling of the path argument').hideHelp())
    .option('--cc-root <dir>', 'directory (or path) of compile_commands.json (default: the root or a build*/ folder)')
    .option('-D, --define <macro>', 'define NAME or NAME=VALUE for every file (repeatable)', collectList, [])
    .option('-I, --include <dir>', 'extra include directory (repeatable)', collectList, [])
    .option('--no-preprocess', 'parse raw sources instead of `cc -E` output')
    .option('--dot <file>', 'where to write the call graph DOT (default .jarvis/c2rust/graph.dot); SVG beside it')
    .option('--only-dot', 'only (re)write the graph from the existing symbols.jsonl')
    .option('--subgraphs-dir <dir>', 'also write one DOT/SVG per root function into DIR')
    .option('--only-subgraphs', 'only (re)write the per-root graphs from the existing symbols.jsonl')
    .option('--png', 'also render PNG next to every SVG')
    .option('--json', 'print the summary as JSON')
    .action(async (pathArg: string | undefined, flags: ScanFlags) => {
      const project = positionalPath(pathArg, flags.project, '-p', '.') ?? '.';
      const root = resolve(project);
      if (!existsSync(root) || !statSync(root).isDirectory()) {
        throw new JarvisError('usage', `project root ${root} is not a directory`, { hint: 'pass the C project root: jc2r scan PATH' });
      }
      preferBaselineWasm(root);
      const dotPath = resolve(flags.dot ?? artifactPath(root, 'graphDot'));
      const subDir = flags.subgraphsDir ? resolve(flags.subgraphsDir) : flags.onlySubgraphs ? join(c2rustDir(root), 'subgraphs') : undefined;
      const png = Boolean(flags.png);

      if (flags.onlyDot || flags.onlySubgraphs) {
        const symbols = loadSymbols(artifactPath(root, 'symbols'));
        if (flags.onlyDot) report(await writeGraph(dotPath, toDot(symbols), png));
        if (subDir) await subgraphs(symbols, findRoots(symbols), subDir, png);
        return;
      }

      if (!findCompileCommands(root, flags.ccRoot) && noSources(listSources(root))) {
        // the same answer as jsec scan (docs/cli.md): a notice, exit 0, nothing written
        process.stderr.write(`jc2r scan: no C or C++ sources under ${project}; nothing scanned, nothing written\n`);
        return;
      }
      preloadGraphviz();
      const result = await scanProject({
        root,
        ccRoot: flags.ccRoot,
        defines: flags.define,
        includes: flags.include,
        preprocess: flags.preprocess,
      });
      const paths = writeScanArtifacts(root, result);
      for (const n of result.notices) process.stderr.write(`${errColors.dim('notice:')} ${n}\n`);
      const graph = await writeGraph(dotPath, toDot(result.symbols), png);
      const sub = subDir ? await writeSubgraphs(result.symbols, result.roots, subDir, png) : [];
      if (flags.json) {
        process.stdout.write(`${JSON.stringify({ summary: result.summary, files: result.files, artifacts: { ...paths, ...graph, subgraphs: sub.length } }, null, 2)}\n`);
        return;
      }
      printSummary(result);
      process.stdout.write(`\n${colors.dim('written:')} ${[paths.symbols, paths.symbolsRaw, paths.translationOrder, graph.dot, graph.svg, graph.png].filter(Boolean).join(', ')}\n`);
      if (subDir) process.stdout.write(`${sub.length} root subgraph(s) in ${subDir}\n`);
    });
}

/**
 * A one-shot scan of a small or medium tree spends more CPU having V8 optimise the parser's and
 * Graphviz's wasm than the optimised code saves (zlib: 3.4 s → 2.5 s CPU for the whole command
 * with baseline code only; steady-state parsing is ~1.4x slower, so big trees keep the optimiser).
 */
function preferBaselineWasm(root: string): void {
  if (sourceBytes(root) > 4 * 1024 * 1024) return;
  v8.setFlagsFromString('--liftoff-only');
}

const noSources = (l: { sources: string[]; headers: string[] }): boolean => l.sources.length === 0 && l.headers.length === 0;

async function subgraphs(symbols: SymbolRecord[], roots: number[], dir: string, png: boolean): Promise<void> {
  const files = await writeSubgraphs(symbols, roots, dir, png);
  process.stdout.write(`${files.length} root subgraph(s) in ${dir}\n`);
}

function report(files: { dot: string; svg: string; png?: string }): void {
  process.stdout.write(`written: ${[files.dot, files.svg, files.png].filter(Boolean).join(', ')}\n`);
}

/** Which compile commands the scan used: the project's database, one generated from its build, or none. */
function compileSourceText(s: ScanResult['summary']): string {
  const src = s.compileSource;
  const rest = s.sourcesLeftOut > 0 ? `; ${s.sourcesLeftOut} source(s) not in the build left out` : '';
  switch (src.kind) {
    case 'compile_commands.json':
      return `${src.database ?? 'compile_commands.json'}${rest}`;
    case 'none':
      return 'none (default flags)';
    default:
      return `${src.kind === 'make' ? 'make -n' : src.kind === 'cmake' ? 'CMake' : 'meson'} (${src.buildFile}${src.cached ? ', cached' : ''})${rest}`;
  }
}

function printSummary(r: ScanResult): void {
  const s = r.summary;
  const front = s.rawUnits === 0 ? `cc -E (${s.preprocessor})` : s.preprocessor ? `cc -E; ${s.rawUnits} file(s) raw` : 'raw source (no preprocessor)';
  const rows = [
    ['files', String(s.files)],
    ['translation units', String(s.translationUnits)],
    ['functions', String(s.functions)],
    ['types', String(s.types)],
    ['call edges', String(s.callEdges)],
    ['library calls', String(s.externalCalls)],
    ['unresolved calls', String(s.unresolvedCalls)],
    ['cycles', String(s.cycles)],
    ['roots', String(s.roots)],
    ['translation steps', String(r.order.length)],
    ['parse errors', String(s.parseErrors)],
    ['front end', front],
    ['compile commands', compileSourceText(s)],
    ['time', `${s.seconds.toFixed(2)} s`],
  ];
  process.stdout.write(`${formatTable([['scan', 'value'], ...rows])}\n`);
  const bad = r.files.filter((f) => f.parseErrors > 0 || f.mode === 'raw');
  if (bad.length > 0) {
    process.stdout.write(`\n${formatTable([['file', 'front end', 'parse errors'], ...bad.map((f) => [f.file, f.mode, String(f.parseErrors)])])}\n`);
  }
}
