export { callGraph, dominatedBy, immediateDominators, prunedFunctions, reachable, type CallGraph } from './call-graph.js';
export { CHECKPOINT_FILE } from './checkpoint.js';
export { libReplace, type LibReplaceOptions, type LibReplaceResult, type ReplacementRecord } from './lib-replace.js';
export { decide, isStdOnly, parseVerdict, VERDICT_TAG, type Decision, type Verdict } from './verdict.js';
export { orderForTranspile } from './order-file.js';
