/**
 * Runs and their transcripts (docs/transcripts.md): `.jarvis/runs/<id>/` with `run.json` and
 * `transcript.jsonl`, the writer every layer records through, the readers `jarvis runs` and
 * the replay platform use, and the redaction applied to everything written. Below llm/ (the
 * model-call wrapper writes here) and above util/.
 */
export {
  createRun,
  findProjectDir,
  finishRun,
  listRuns,
  newRunId,
  readRecords,
  resolveRunId,
  RUN_FILE,
  runsDir,
  startRun,
  summarizeRun,
  totalsOf,
  type CreateRunOptions,
  type Run,
  type RunInfo,
  type RunStatus,
  type RunSummary,
  type RunTotals,
  type TranscriptRecord,
} from './runs.js';
export {
  TRANSCRIPT_FILE,
  TranscriptWriter,
  type RecordedMessage,
  type TranscriptEnvelope,
  type TranscriptError,
  type TranscriptInput,
  type TranscriptReply,
  type TranscriptRequest,
  type TranscriptWriterOptions,
} from './transcript.js';
export { expandRequestMessages, MessageDelta, type RequestMessages } from './transcript-messages.js';
export { apiKeyEnvNames, createRedactor, REDACTED, redactText, secretValues, type Redactor, type RedactorOptions } from './redact.js';
