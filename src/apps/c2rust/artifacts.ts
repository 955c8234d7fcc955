import { join } from 'node:path';

/** Where the C → Rust pipeline keeps its files inside the analysed project (docs/c2rust.md). */
export function c2rustDir(projectRoot: string): string {
  return join(projectRoot, '.jarvis', 'c2rust');
}

/** File names of every `.jarvis/c2rust/` artifact; one place so every stage agrees on them. */
export const ARTIFACTS = {
  symbolsRaw: 'symbols_raw.jsonl',
  symbols: 'symbols.jsonl',
  translationOrder: 'translation_order.jsonl',
  roots: 'roots.txt',
  libraryReplacements: 'library_replacements.jsonl',
  symbolsLibraryPruned: 'symbols_library_pruned.jsonl',
  translationOrderPruned: 'translation_order_pruned.jsonl',
  libReplaceCheckpoint: 'lib_replace_checkpoint.json',
  config: 'config.json',
  runState: 'run_state.json',
  cratePlan: 'crate_plan.json',
  progress: 'progress.json',
  symbolMap: 'symbol_map.jsonl',
  transpileReport: 'transpile_report.json',
  optimizeReport: 'optimize_report.json',
  optimizeProgress: 'optimize_progress.json',
  graphDot: 'graph.dot',
  scanSummary: 'scan_summary.json',
} as const;

export type ArtifactName = keyof typeof ARTIFACTS;

export function artifactPath(projectRoot: string, name: ArtifactName): string {
  return join(c2rustDir(projectRoot), ARTIFACTS[name]);
}
