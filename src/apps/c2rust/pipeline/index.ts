export { commitAll, ensureCrateRepo, revertToHead } from './crate-git.js';
export { ensureDeterministicCrate, scannedCompileCommands, sourceTreeHash, type DeterministicCrate, type TranslateOptions } from './deterministic.js';
export { functionBudget, modelTranspile, type ModelTranspileCall, type ModelTranspileOutcome } from './model-transpile-adapter.js';
export { MODEL_STAGES, runPipeline, STAGES, type PipelineOptions, type PipelineReport, type StageName, type StageOutcome } from './run.js';
export { askForAnswer, READ_TOOLS, UsageMeter, type AnswerQuestion, type StageModel } from './stage-model.js';
