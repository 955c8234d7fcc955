import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { JarvisError, describeError, isJarvisError } from '../util/errors.js';
import type {
  ChatRequest,
  ChatResult,
  Platform,
  TranscriptEnvelope,
  TranscriptError,
  TranscriptReply,
  TranscriptRequest,
} from './platform.js';
import type { Redactor } from './redact.js';
import { MessageDelta } from './transcript-messages.js';

/**
 * `.jarvis/runs/<run-id>/transcript.jsonl`: one JSON record per line, appended and flushed as
 * things happen, so a killed run leaves everything up to its last moment (docs/transcripts.md).
 */

export const TRANSCRIPT_FILE = 'transcript.jsonl';

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

type RequestRecord = Omit<TranscriptRequest, 'ts' | 'run_id'> & {
  conv?: number;
  messages_from?: number;
  max_tokens?: number;
  temperature?: number;
};
type ReplyRecord = Omit<TranscriptReply, 'ts' | 'run_id'>;
type ErrorRecord = Omit<TranscriptError, 'ts' | 'run_id'> & { hint?: string };

export interface RecordTranscriptOptions {
  /** written as `agent` on every record of this platform, so a team's records are attributed */
  agent?: string;
}

/**
 * Wraps a platform so every call writes `request` before it starts and `reply` or `error`
 * when it ends. Streaming, early stop and aborts pass through unchanged. A request stores only
 * the messages added since this wrapper's previous request (transcript-messages.ts).
 */
export function recordTranscript(platform: Platform, writer: TranscriptWriter, options: RecordTranscriptOptions = {}): Platform {
  const delta = new MessageDelta(writer.nextConversation());
  return {
    name: platform.name,
    model: platform.model,
    contextWindow: platform.contextWindow,
    async chat(request: ChatRequest): Promise<ChatResult> {
      const call = writer.nextCall();
      const base = { call, ...(options.agent ? { agent: options.agent } : {}), platform: platform.name, model: platform.model };
      const req: RequestRecord = { type: 'request', ...base, ...delta.next(request.messages) };
      if (request.maxTokens !== undefined) req.max_tokens = request.maxTokens;
      if (request.temperature !== undefined) req.temperature = request.temperature;
      writer.write(req);
      const t0 = Date.now();
      let result: ChatResult;
      try {
        result = await platform.chat(request);
      } catch (e) {
        const err: ErrorRecord = {
          type: 'error',
          ...base,
          code: isJarvisError(e) ? e.code : e instanceof Error ? e.name : 'unknown',
          message: describeError(e),
          latency_ms: Date.now() - t0,
        };
        if (isJarvisError(e) && e.hint) err.hint = e.hint;
        writer.write(err);
        throw e;
      }
      const reply: ReplyRecord = {
        type: 'reply',
        ...base,
        model: result.model || platform.model,
        text: result.text,
        finish_reason: result.finishReason,
        usage: result.usage,
        cost: result.cost,
        latency_ms: result.latencyMs,
        attempts: result.attempts,
      };
      writer.write(reply);
      return result;
    },
  };
}
