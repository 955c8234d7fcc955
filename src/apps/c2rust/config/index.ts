export {
  C2RUST_CONFIG_FILE,
  c2rustConfigPath,
  c2rustConfigSchema,
  defaultC2rustConfig,
  isDisabledLibrary,
  libraryBase,
  loadC2rustConfig,
  promptNotes,
  saveC2rustConfig,
  stageBudget,
  type C2rustConfig,
  type StageBudget,
} from './c2rust-config.js';
export { rootSymbolsFromFiles, splitNames, type RootSymbols } from './root-symbols.js';
export {
  addUsage,
  emptyUsage,
  fileHash,
  forgetStages,
  hashOf,
  loadRunState,
  recordStage,
  RUN_STATE_FILE,
  runStatePath,
  saveRunState,
  type RunState,
  type StageRecord,
  type StageUsage,
} from './run-state.js';
export { BUDGET_STAGES, parseBudget, updateC2rustConfig, type ConfigChanges, type ConfigUpdate } from './update.js';
