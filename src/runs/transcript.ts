import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { JarvisError, describeError } from '../util/index.js';
import type { Redactor } from './redact.js';

/**
 * `.jarvis/runs/<run-id>/transcript.jsonl`: one JSON record per line, appended and flushed as
 * things happen, so a killed run leaves everything up to its last moment (docs/transcripts.md).
 */

export const TRANSCRIPT_FILE = 'transcript.jsonl';

/** A message as request records store it (the chat message of llm/platform.ts, structurally). */
export interface RecordedMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The envelope of every record. The model-call wrapper (llm/record-transcript.ts) writes
 * `request`, `reply` and `error`; upper layers add their own `type`s (agent events, tool calls)
 * with the same `ts`/`run_id` envelope.
 */
export interface TranscriptEnvelope {
  type: string;
  /** ISO time */
  ts: string;
  run_id: string;
  /** 1-based model call number within the run */
  call?: number;
}

export interface TranscriptRequest extends TranscriptEnvelope {
  type: 'request';
  platform: string;
  model: string;
  messages: RecordedMessage[];
}

export interface TranscriptReply extends TranscriptEnvelope {
  type: 'reply';
  platform: string;
  model: string;
  text: string;
  finish_reason: string;
  usage: { inputTokens: number; outputTokens: number; estimated: boolean };
  cost: number;
  latency_ms: number;
  attempts: number;
}

export interface TranscriptError extends TranscriptEnvelope {
  type: 'error';
  platform: string;
  model: string;
  code: string;
  message: string;
  latency_ms: number;
}

/** A record before the writer adds the envelope's `ts` and `run_id`. */
export type TranscriptInput = Omit<TranscriptEnvelope, 'ts' | 'run_id'> & Record<string, unknown>;

export interface TranscriptWriterOptions {
  /** the run directory; the transcript is `<dir>/transcript.jsonl` */
  dir: string;
  runId: string;
  /** every record passes through it before it is written */
  redact: Redactor;
  /** clock for `ts`; tests pin it */
  now?: () => Date;
}

export class TranscriptWriter {
  readonly path: string;
  readonly runId: string;
  private readonly redact: Redactor;
  private readonly now: () => Date;
  private calls = 0;
  private convs = 0;

  constructor(options: TranscriptWriterOptions) {
    this.path = join(options.dir, TRANSCRIPT_FILE);
    this.runId = options.runId;
    this.redact = options.redact;
    this.now = options.now ?? (() => new Date());
  }

  /** Numbers model calls 1, 2, … within the run, in the order they start. */
  nextCall(): number {
    return ++this.calls;
  }

  /** Numbers the recorded conversations (one per recorded platform wrapper) 1, 2, … */
  nextConversation(): number {
    return ++this.convs;
  }

  /** Appends one record (redacted) with the `ts`/`run_id` envelope. */
  write(record: TranscriptInput): void {
    const { type, call, ...rest } = record;
    const full = { type, ts: this.now().toISOString(), run_id: this.runId, ...(call === undefined ? {} : { call }), ...rest };
    try {
      // appended with one write and no fsync: a killed process loses nothing the kernel already
      // has, and an fsync per record (~10 per agent turn) cost more than the whole turn
      const line = `${JSON.stringify(this.redact(full))}\n`;
      try {
        appendFileSync(this.path, line);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        mkdirSync(dirname(this.path), { recursive: true });
        appendFileSync(this.path, line);
      }
    } catch (e) {
      throw new JarvisError('io', `cannot write the transcript ${this.path}: ${describeError(e)}`, { cause: e });
    }
  }
}
