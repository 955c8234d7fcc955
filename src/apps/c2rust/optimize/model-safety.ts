import type { Platform } from '../../../llm/platform.js';
import { describeError } from '../../../util/errors.js';

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
  if (!m?.[1]) return undefined;
  const lines = m[1]
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
export async function askSafety(platform: Platform, site: SafetySite): Promise<SharperSafety> {
  let reply: string;
  try {
    const r = await platform.chat({ messages: [{ role: 'user', content: safetyPrompt(site) }], maxTokens: 200, temperature: 0 });
    reply = r.text;
  } catch (e) {
    return { fallback: `model call failed: ${describeError(e).split('\n')[0] ?? ''}`, failed: true };
  }
  const text = parseSafetyReply(reply);
  return text ? { text } : { fallback: 'model reply was not a usable <SAFETY> line' };
}
