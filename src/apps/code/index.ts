/** jca, the code agent: repository set-up, commit flow, verify loop, JSON edit protocol. */
export { CodeAgent, DEFAULT_MAX_ITERATIONS, type CodeAgentOptions, type CodeRunResult, type EditFormat, type VerifyState } from './code-agent.js';
export { setupRepository, type GitCheckMode, type RepoInfo, type RepoSetupOptions } from './repo-setup.js';
export { acquireLock, readLock, LOCK_FILE, type LockInfo, type RepoLock } from './lock.js';
export { readChanges, summarize, statsFile, type ChangeRecord, type StatsSummary } from './stats.js';
export { detectVerify, type VerifyOverrides, type VerifyPlan, type VerifyStep } from './verify/detect.js';
export { runVerify, type VerifyOutcome } from './verify/runner.js';
export { parseOutput } from './verify/parsers/index.js';
export type { Diagnostic } from './verify/diagnostic.js';
export { parseJsonEdit, JsonEditError, type JsonEditRequest } from './json-edit/protocol.js';
export { applyJsonEdit } from './json-edit/apply.js';
export { findGitRoot, headHash } from './git.js';
export { commitsSince, resetToStart, reviewQuestion, type RunCommits } from './review.js';
export { commitStaged, fileListPreview, type CommitStagedOptions, type CommitStagedResult } from './commit-staged.js';
export { modelMessageWriter, parseCommitMessage, type MessageWriter } from './commit-message.js';
export { codeToolWhitelist, CODE_TOOLS } from './tool-whitelist.js';
