/**
 * jc2r, the C → Rust migration (docs/c2rust.md, docs/c2rust-transpile.md, docs/c2rust-equiv.md,
 * docs/c2rust-optimize.md): collecting and scanning a C project (symbols, call graph,
 * translation order, graphs), translating it, checking the translation behaves the same, and
 * optimising a Rust crate. What src/cli may use; the rest of src/apps/c2rust is the app's own.
 */
export { ARTIFACTS, artifactPath, c2rustDir, type ArtifactName } from './artifacts.js';
export { collectFunctionNames, type CollectOptions, type CollectResult } from './collect.js';
export { findCompileCommands, listSources } from './compile-db.js';
export { describeCompileSource } from './build-discovery.js';
export { preloadGraphviz, toDot, writeGraph, writeSubgraphs, type GraphFiles } from './dot.js';
export { countCycles, findRoots, translationOrder } from './order.js';
export { scanProject, sourceBytes, writeScanArtifacts, type ScanOptions, type ScanResult } from './scan.js';
export { loadSymbols, type SymbolRecord } from './symbols.js';
export { runEquiv, type EquivOptions, type EquivReport } from './equiv/equiv.js';
export type { Difference, DifferenceKind } from './equiv/compare.js';
export { summaryTable as transpileSummaryTable, transpileProject, type TranspileOptions, type TranspileOutcome, type TranspileReport } from './transpile/index.js';
export { optimizeCrate, summaryTable, type Exec, type OptimizeOptions, type OptimizeReport, type PassName, type PassReport, type PassStatus } from './optimize/index.js';
export {
  loadC2rustConfig,
  loadRunState,
  stageBudget,
  updateC2rustConfig,
  type C2rustConfig,
  type ConfigChanges,
  type ConfigUpdate,
  type RunState,
  type StageBudget,
  type StageUsage,
} from './config/index.js';
export { libReplace, type LibReplaceOptions, type LibReplaceResult, type ReplacementRecord } from './lib-replace/index.js';
export { ensureDeterministicCrate, MODEL_STAGES, scannedCompileCommands, runPipeline, STAGES, UsageMeter, type PipelineOptions, type PipelineReport, type StageModel, type StageName, type StageOutcome } from './pipeline/index.js';
export { prepareCrate, PREPARE_ROUNDS, type CratePlan, type PrepareOptions, type PrepareResult } from './prepare/index.js';
export { modelSummaryTable, runModelTranspile, type FunctionBudget, type ModelTranspileOptions, type ModelTranspileReport } from './model-transpile/index.js';
export { benchCrust, crustProjects, type CrustBenchReport, type CrustProjectResult } from './bench-crust/index.js';
