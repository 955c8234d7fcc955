import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { JarvisError } from '../../util/index.js';
import type { ChatMessage, ChatRequest, ChatResult, Platform, PlatformContext } from '../platform.js';
import type { Price } from '../tokens.js';
import { serveOfflineReply } from './offline-reply.js';

/**
 * Replies from a YAML file, served in order: for tests, demos and end-to-end scenarios.
 *
 *   replies:
 *     - "plain reply"
 *     - reply: "<TOOL_CALL>…</TOOL_CALL>"
 *       expect: "substring the request must contain"
 */

export interface ScriptedReply {
  reply: string;
  /** a substring the request (any message) must contain */
  expect?: string;
}

const scriptSchema = z
  .object({
    replies: z.array(z.union([z.string(), z.object({ reply: z.string(), expect: z.string().optional() }).strict()])),
  })
  .strict();

export interface ScriptedPlatform extends Platform {
  /** every request seen, in order, including the one that failed */
  readonly calls: ReadonlyArray<{ messages: ChatMessage[] }>;
  /** replies not yet served */
  remaining(): number;
}

export interface ScriptedOptions {
  replies: ReadonlyArray<string | ScriptedReply>;
  /** where the replies came from, for error messages */
  source?: string;
  model?: string;
  price?: Price;
  contextWindow?: number;
}

function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `…${flat.slice(-max)}` : flat;
}

export function createScriptedPlatformFromReplies(o: ScriptedOptions): ScriptedPlatform {
  const replies: ScriptedReply[] = o.replies.map((r) => (typeof r === 'string' ? { reply: r } : r));
  const calls: { messages: ChatMessage[] }[] = [];
  const where = o.source ? ` (${o.source})` : '';
  const model = o.model ?? 'scripted';

  const chat = async (request: ChatRequest): Promise<ChatResult> => {
    calls.push({ messages: request.messages.map((m) => ({ ...m })) });
    const n = calls.length;
    const item = replies[n - 1];
    if (!item) {
      throw new JarvisError('llm_script', `scripted platform: no reply #${n} (the script has ${replies.length})`, {
        hint: `add replies to the script${where}`,
        data: { lastMessage: excerpt(request.messages.at(-1)?.content ?? '') },
      });
    }
    if (item.expect !== undefined && !request.messages.some((m) => m.content.includes(item.expect as string))) {
      const last = request.messages.at(-1);
      throw new JarvisError(
        'llm_script',
        `scripted platform: reply #${n} expects the request to contain ${JSON.stringify(item.expect)}; ` +
          `the last message (${last?.role ?? 'none'}) was: ${JSON.stringify(excerpt(last?.content ?? ''))}`,
        { hint: `the agent asked something the script${where} did not foresee` },
      );
    }
    return serveOfflineReply(request, { platform: 'scripted', model, text: item.reply, finishReason: 'stop', price: o.price });
  };

  return {
    name: 'scripted',
    model,
    contextWindow: o.contextWindow,
    calls,
    remaining: () => Math.max(0, replies.length - calls.length),
    chat,
  };
}

/** Reads and validates a script file; errors name the file and the offending key. */
export function loadScript(path: string): ScriptedReply[] {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
    throw new JarvisError(missing ? 'not_found' : 'io', `scripted platform: cannot read the script ${path}`, {
      hint: missing ? 'check `script:` in the model config (relative paths start at the config file)' : undefined,
      cause: e,
    });
  }
  let doc: unknown;
  try {
    doc = parseYaml(raw);
  } catch (e) {
    throw new JarvisError('llm_script', `scripted platform: ${path} is not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  const parsed = scriptSchema.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') || '(top level)';
    throw new JarvisError('llm_script', `scripted platform: ${path}: ${key}: ${issue?.message ?? 'invalid'}`, {
      hint: 'the file needs `replies:`, a list of strings or {reply, expect} items',
    });
  }
  return parsed.data.replies.map((r) => (typeof r === 'string' ? { reply: r } : r));
}

export function createScriptedPlatform(ctx: PlatformContext): ScriptedPlatform {
  const { config } = ctx;
  if (!config.script) {
    throw new JarvisError('config', 'scripted platform: the model config has no `script`', {
      hint: 'add script: <replies.yaml> next to platform: scripted',
    });
  }
  const path = resolve(ctx.baseDir, config.script);
  return createScriptedPlatformFromReplies({
    replies: loadScript(path),
    source: path,
    model: config.model,
    price: config.price_per_mtok,
    contextWindow: config.context_window,
  });
}
