import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JarvisError, readJsonl } from '../../util/index.js';
import { expandRequestMessages, type TranscriptReply, type TranscriptRequest } from '../../runs/index.js';
import type { ChatMessage, ChatRequest, ChatResult, FinishReason, Platform, PlatformContext } from '../platform.js';
import { serveOfflineReply } from './offline-reply.js';

/**
 * Serves the replies of a recorded run (`transcript.jsonl`) in order, offline. A request that
 * differs from the recorded one is served anyway with a warning: the run has diverged and
 * later replies may no longer fit.
 */

export interface RecordedCall {
  request?: TranscriptRequest;
  reply: TranscriptReply;
}

/**
 * Pairs each reply with the request just before it (same `call` number when both carry one);
 * delta requests get their full message list back first.
 */
export function recordedCalls(records: readonly unknown[]): RecordedCall[] {
  const out: RecordedCall[] = [];
  let pending: TranscriptRequest | undefined;
  for (const rec of expandRequestMessages(records)) {
    if (!rec || typeof rec !== 'object') continue;
    const r = rec as { type?: unknown; call?: unknown; text?: unknown; messages?: unknown };
    if (r.type === 'request' && Array.isArray(r.messages)) {
      pending = rec as TranscriptRequest;
    } else if (r.type === 'reply' && typeof r.text === 'string') {
      const reply = rec as TranscriptReply;
      const matches = pending && (reply.call === undefined || pending.call === undefined || pending.call === reply.call);
      out.push(matches ? { request: pending, reply } : { reply });
      pending = undefined;
    }
  }
  return out;
}

/** Where two requests first differ, in words, or undefined when they are the same. */
export function describeDifference(recorded: readonly ChatMessage[], actual: readonly ChatMessage[]): string | undefined {
  const n = Math.min(recorded.length, actual.length);
  for (let i = 0; i < n; i++) {
    const a = recorded[i];
    const b = actual[i];
    if (a?.role !== b?.role || a?.content !== b?.content) {
      return `message ${i + 1} of ${actual.length} (${b?.role ?? '?'}) is not the recorded one`;
    }
  }
  if (recorded.length !== actual.length) return `${actual.length} messages where the recording has ${recorded.length}`;
  return undefined;
}

export function resolveTranscriptPath(baseDir: string, configured: string): string {
  const path = resolve(baseDir, configured);
  if (existsSync(path) && statSync(path).isDirectory()) return join(path, 'transcript.jsonl');
  return path;
}

export function createReplayPlatform(ctx: PlatformContext): Platform {
  const { config } = ctx;
  if (!config.transcript) {
    throw new JarvisError('config', 'replay platform: the model config has no `transcript`', {
      hint: 'add transcript: <run dir or transcript.jsonl> next to platform: replay',
    });
  }
  const path = resolveTranscriptPath(ctx.baseDir, config.transcript);
  if (!existsSync(path)) {
    throw new JarvisError('not_found', `replay platform: no transcript at ${path}`, {
      hint: 'point transcript: at a run directory under .jarvis/runs/ or its transcript.jsonl',
    });
  }
  let calls: RecordedCall[];
  try {
    calls = recordedCalls(readJsonl(path));
  } catch (e) {
    throw new JarvisError('parse', `replay platform: ${(e as Error).message}`, { cause: e });
  }
  if (calls.length === 0) throw new JarvisError('llm_script', `replay platform: ${path} records no model replies`);

  let served = 0;
  const model = config.model ?? calls[0]?.reply.model ?? 'replay';
  const chat = async (request: ChatRequest): Promise<ChatResult> => {
    const n = ++served;
    const call = calls[n - 1];
    if (!call) {
      throw new JarvisError('llm_script', `replay platform: no recorded reply #${n} (the transcript has ${calls.length})`, {
        hint: `the replayed run asked the model more often than the recorded one (${path})`,
      });
    }
    const diff = call.request ? describeDifference(call.request.messages, request.messages) : undefined;
    if (diff) ctx.warn(`replay: request #${n} differs from the recording: ${diff}`);
    return serveOfflineReply(request, {
      platform: 'replay',
      model: call.reply.model ?? model,
      text: call.reply.text,
      finishReason: finishReasonOf(call.reply.finish_reason),
      usage: call.reply.usage,
      price: config.price_per_mtok,
    });
  };
  return { name: 'replay', model, contextWindow: config.context_window, chat };
}

/** A recorded finish reason as the platform interface names it; anything unknown counts as a normal stop. */
function finishReasonOf(recorded: string | undefined): FinishReason {
  return recorded === 'length' || recorded === 'early_stop' ? recorded : 'stop';
}
