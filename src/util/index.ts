/**
 * The bottom layer: errors, atomic files and JSONL, paths inside a root, child processes,
 * terminal output. Every other layer may use it, through this file only. Configuration (zod and
 * yaml, slow to load) is util/config/index.ts, the other public entry point of this layer.
 */
export { describeError, isJarvisError, JarvisError, type ErrorCode } from './errors.js';
export { appendJsonl, readJsonl, writeFileAtomicAsync, writeFileAtomicSync } from './files.js';
export { realPathOf, realRoot, resolveUnderRoot, shownPath, within, type RootPath } from './paths.js';
export { runProcess, type RunOptions, type RunResult } from './process.js';
export { colorEnabled, colors, errColors, formatTable } from './output.js';
export { createSpinner, type Spinner, type SpinnerOptions } from './spinner.js';
export { packageRoot, version } from './version.js';
