import { join } from 'node:path';
import { appendJsonl } from '../util/files.js';
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

  /** Appends one record (redacted) with the `ts`/`run_id` envelope. */
  write(record: TranscriptInput): void {
    const { type, call, ...rest } = record;
    const full = { type, ts: this.now().toISOString(), run_id: this.runId, ...(call === undefined ? {} : { call }), ...rest };
    try {
      appendJsonl(this.path, this.redact(full));
    } catch (e) {
      throw new JarvisError('io', `cannot write the transcript ${this.path}: ${describeError(e)}`, { cause: e });
    }
  }
}

type RequestRecord = Omit<TranscriptRequest, 'ts' | 'run_id'> & { max_tokens?: number; temperature?: number };
type ReplyRecord = Omit<TranscriptReply, 'ts' | 'run_id'>;
type ErrorRecord = Omit<TranscriptError, 'ts' | 'run_id'> & { hint?: string };

/**
 * Wraps a platform so every call writes `request` before it starts and `reply` or `error`
 * when it ends. Streaming, early stop and aborts pass through unchanged.
 */
export function recordTranscript(platform: Platform, writer: TranscriptWriter): Platform {
  return {
    name: platform.name,
    model: platform.model,
    contextWindow: platform.contextWindow,
    async chat(request: ChatRequest): Promise<ChatResult> {
      const call = writer.nextCall();
      const base = { call, platform: platform.name, model: platform.model };
      const req: RequestRecord = { type: 'request', ...base, messages: request.messages };
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
