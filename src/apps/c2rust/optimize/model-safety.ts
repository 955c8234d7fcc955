import type { AgentFactory } from '../../../agent/index.js';
import { askModel } from './model-agent.js';

/** Longest SAFETY text we accept from a model; longer replies are essays, not preconditions. */
export const MAX_SAFETY_CHARS = 240;
/** The code shown to the model is capped so a huge unsafe fn costs one bounded call. */
const MAX_CODE_CHARS = 2_000;

export interface SafetySite {
  /** Posix path relative to the crate, and 1-based line of the `unsafe` keyword. */
  file: string;
  line: number;
  kind: 'block' | 'fn';
  /** The unsafe block or function as written. */
  code: string;
  /** What the compiler-derived rule says the site relies on. */
  reason: string;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}\n… (cut)` : s);

export function safetyPrompt(site: SafetySite): string {
  const what = site.kind === 'fn' ? 'unsafe function (callers must uphold its precondition)' : 'unsafe block';
  return [
    `This ${what} at ${site.file}:${site.line} stays unsafe because the compiler requires it:`,
    '```rust',
    clip(site.code, MAX_CODE_CHARS),
    '```',
    `The precondition derived from the compiler's error: ${site.reason}.`,
    '',
    'State, more precisely than that, the precondition this code relies on to be sound (which pointer, which bounds, which lifetime, which exclusivity).',
    'One or two short plain-English lines, no code, no markdown. Do not restate that it is unsafe.',
    `Answer only with <SAFETY>your text</SAFETY> (at most ${MAX_SAFETY_CHARS} characters).`,
  ].join('\n');
}

/**
 * The text inside `<SAFETY>…</SAFETY>` when it is fit to become a comment: one or two
 * non-empty lines, bounded, no code, nothing that could end or open a comment. Lines are
 * joined with a space, so the caller writes a single comment line.
 */
export function parseSafetyReply(reply: string): string | undefined {
  const m = /<SAFETY>([\s\S]*?)<\/SAFETY>/.exec(reply);
  return m?.[1] ? parseSafetyText(m[1]) : undefined;
}

/** The body of a `<SAFETY>` block when it is fit to become a comment (see parseSafetyReply). */
export function parseSafetyText(body: string): string | undefined {
  const lines = body
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  if (lines.length === 0 || lines.length > 2) return undefined;
  let text = lines.join(' ').replace(/\t/g, ' ').replace(/^SAFETY:\s*/i, '').trim();
  if ([...text].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) return undefined;
  // A comment must not close or (Rust block comments nest) open another one, nor carry a doctest fence.
  if (!text || /\*\/|\/\*|```/.test(text)) return undefined;
  // Code, not prose: statements or blocks.
  if (/[;{}]\s*$/.test(text) || /\bunsafe\s*\{/.test(text)) return undefined;
  if (text.length > MAX_SAFETY_CHARS) return undefined;
  text = text.replace(/\.+$/, '');
  return text || undefined;
}

export interface SharperSafety {
  text?: string;
  /** Why the deterministic text was kept, for the report's notes. */
  fallback?: string;
  /** The call itself failed (network, key, quota): later sites need not try again. */
  failed?: boolean;
}

/** One cheap-model call: a sharper precondition for a kept unsafe site, or why there is none. */
export async function askSafety(agents: AgentFactory, site: SafetySite): Promise<SharperSafety> {
  const r = await askModel(agents, {
    name: 'c2rust-safety',
    role: 'You state the precondition an unsafe Rust site relies on, precisely and briefly.',
    task: safetyPrompt(site),
    tag: 'SAFETY',
    usage: `Answer with <SAFETY>one or two plain lines</SAFETY>, at most ${MAX_SAFETY_CHARS} characters, no code.`,
    parse: (body) => {
      const text = parseSafetyText(body);
      return text ? { ok: true, value: text } : { ok: false, reason: 'not a usable <SAFETY> line' };
    },
    maxTokens: 200,
  });
  if (r.ok) return { text: r.value };
  if (r.failed) return { fallback: r.why, failed: true };
  return { fallback: 'model reply was not a usable <SAFETY> line' };
}
