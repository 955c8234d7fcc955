import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type ChatMessage, type ChatRole, countTokens } from '../llm/index.js';
import { JarvisError, describeError, writeFileAtomicSync } from '../util/index.js';

/**
 * The conversation belongs to the session, not to the platform (platforms are stateless), so
 * pruning, summaries, save/restore and replay work the same for every provider. Every message
 * carries its token count, counted once when it is added.
 */

/** What a message is, so pruning knows which ones may be shortened. */
export type MessageKind = 'system' | 'task' | 'user' | 'assistant' | 'tool_result' | 'stub' | 'summary';

export interface SessionMessage extends ChatMessage {
  kind: MessageKind;
  tokens: number;
  /** what produced a tool result (e.g. `read_code`), named in its stub when pruned */
  label?: string;
}

/** Framing a chat format adds per message and to prime the reply (see llm/tokens.ts). */
const PER_MESSAGE = 4;
const PER_REQUEST = 3;

const SAVE_VERSION = 1;

interface SavedSession {
  version: number;
  agent: string;
  platform: string;
  model: string;
  saved_at: string;
  messages: { role: ChatRole; content: string; kind: MessageKind; label?: string }[];
  prompt: string;
  addon_prompt: string;
  user_data: Record<string, unknown>;
}

/** `.jarvis/saved_session_{agent}_{platform}_{model}.json`, scoped so platforms and models never mix. */
export function sessionFilePath(root: string, agent: string, platform: string, model: string): string {
  const safe = (s: string) => s.replace(/[^\w.-]+/g, '_');
  return join(root, '.jarvis', `saved_session_${safe(agent)}_${safe(platform)}_${safe(model)}.json`);
}

export class Session {
  messages: SessionMessage[] = [];
  /** the next message to the model, built up during a turn (tool results, user input) */
  prompt = '';
  /** one-shot text joined to the next message, then cleared (summary, tool reminder) */
  addonPrompt = '';
  userData: Record<string, unknown> = {};
  private total = PER_REQUEST;

  /** Tokens the whole message list occupies in a request. */
  get tokens(): number {
    return this.total;
  }

  get systemPrompt(): string {
    return this.messages[0]?.kind === 'system' ? this.messages[0].content : '';
  }

  /** Sets (or replaces) the system prompt, which is always the first message. */
  setSystemPrompt(text: string): void {
    const msg = makeMessage('system', text, 'system');
    if (this.messages[0]?.kind === 'system') {
      this.total -= PER_MESSAGE + this.messages[0].tokens;
      this.messages[0] = msg;
    } else {
      this.messages.unshift(msg);
    }
    this.total += PER_MESSAGE + msg.tokens;
  }

  add(role: ChatRole, content: string, kind: MessageKind, label?: string): SessionMessage {
    const msg = makeMessage(role, content, kind, label);
    this.messages.push(msg);
    this.total += PER_MESSAGE + msg.tokens;
    return msg;
  }

  /** Takes back the newest message (a request that failed). */
  removeLast(): void {
    const m = this.messages.pop();
    if (m) this.total -= PER_MESSAGE + m.tokens;
  }

  /** Replaces one message's content (pruning), keeping the token total right. */
  replace(index: number, content: string, kind: MessageKind): void {
    const old = this.messages[index];
    if (!old) return;
    const msg = makeMessage(old.role, content, kind, old.label);
    this.total += msg.tokens - old.tokens;
    this.messages[index] = msg;
  }

  /**
   * Drops the conversation and the pending texts, keeping the system prompt. The caller
   * re-applies the system prompt when it changed (reset, then set it again).
   */
  clearHistory(): void {
    const system = this.messages[0]?.kind === 'system' ? this.messages[0] : undefined;
    this.messages = system ? [system] : [];
    this.total = PER_REQUEST + (system ? PER_MESSAGE + system.tokens : 0);
    this.prompt = '';
    this.addonPrompt = '';
  }

  toChat(): ChatMessage[] {
    return this.messages.map((m) => ({ role: m.role, content: m.content }));
  }

  /** Writes the session atomically; the system prompt is saved too, so a restore is exact. */
  saveTo(file: string, meta: { agent: string; platform: string; model: string }): void {
    const saved: SavedSession = {
      version: SAVE_VERSION,
      ...meta,
      saved_at: new Date().toISOString(),
      messages: this.messages.map((m) => ({ role: m.role, content: m.content, kind: m.kind, ...(m.label ? { label: m.label } : {}) })),
      prompt: this.prompt,
      addon_prompt: this.addonPrompt,
      user_data: jsonSafe(this.userData),
    };
    writeFileAtomicSync(file, `${JSON.stringify(saved, null, 1)}\n`);
  }

  /**
   * Loads a saved session and deletes the file, so a session is resumed once.
   * False when there is no file; a damaged file is an error that names it.
   */
  restoreFrom(file: string): boolean {
    if (!existsSync(file)) return false;
    let saved: SavedSession;
    try {
      saved = JSON.parse(readFileSync(file, 'utf8')) as SavedSession;
    } catch (e) {
      throw new JarvisError('parse', `saved session ${file} is not valid JSON: ${describeError(e)}`, {
        hint: 'delete the file to start a fresh session',
      });
    }
    if (!saved || saved.version !== SAVE_VERSION || !Array.isArray(saved.messages)) {
      throw new JarvisError('parse', `saved session ${file} has an unknown format`, { hint: 'delete the file to start a fresh session' });
    }
    this.messages = [];
    this.total = PER_REQUEST;
    for (const m of saved.messages) {
      if (typeof m?.content !== 'string' || !['system', 'user', 'assistant'].includes(m.role)) {
        throw new JarvisError('parse', `saved session ${file} holds a malformed message`, { hint: 'delete the file to start a fresh session' });
      }
      this.add(m.role, m.content, m.kind ?? (m.role === 'assistant' ? 'assistant' : 'user'), m.label);
    }
    this.prompt = typeof saved.prompt === 'string' ? saved.prompt : '';
    this.addonPrompt = typeof saved.addon_prompt === 'string' ? saved.addon_prompt : '';
    this.userData = saved.user_data && typeof saved.user_data === 'object' ? saved.user_data : {};
    rmSync(file, { force: true });
    return true;
  }
}

function makeMessage(role: ChatRole, content: string, kind: MessageKind, label?: string): SessionMessage {
  return { role, content, kind, tokens: countTokens(content), ...(label ? { label } : {}) };
}

/** user_data may hold anything an app put there; only what survives JSON is saved. */
function jsonSafe(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    try {
      const s = JSON.stringify(v);
      if (s !== undefined) out[k] = JSON.parse(s) as unknown;
    } catch {
      // not serialisable (a function, a cycle): left out of the saved session
    }
  }
  return out;
}
