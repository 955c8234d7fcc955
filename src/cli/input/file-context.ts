import { readFileSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { describeError, shownPath } from '../../util/index.js';
import { codeSymbols } from './code-symbols.js';
import { joinParts, type InputContext, type UserInputHandler, type InputResult } from './input-handler.js';

/**
 * `'quoted path'` file context (docs/cli.md): a single-quoted path that exists is kept in the
 * text and an outline of it is appended: line count and, for C, C++ and Rust, the definitions
 * with their lines, so the model knows where to read without us pasting whole files.
 */

const QUOTED = /'([^'\n<>]{1,400})'/g;
const MAX_OUTLINE_BYTES = 2 * 1024 * 1024;

/** Paths quoted in the text that exist, relative to the root when inside it; in order, once each. */
export function quotedPaths(text: string, root: string): { shown: string; abs: string }[] {
  const out: { shown: string; abs: string }[] = [];
  for (const m of text.matchAll(QUOTED)) {
    const raw = (m[1] ?? '').trim();
    if (raw === '') continue;
    const abs = isAbsolute(raw) ? raw : resolve(root, raw);
    if (out.some((p) => p.abs === abs)) continue;
    try {
      statSync(abs);
    } catch {
      continue;
    }
    const shown = shownPath(root, abs);
    out.push({ abs, shown: shown === '.' ? abs : shown });
  }
  return out;
}

/** One line describing a file or directory for the model. */
export async function outlineOf(abs: string, shown: string): Promise<string> {
  try {
    const st = statSync(abs);
    if (st.isDirectory()) return `- ${shown}/ (directory, ${readdirSync(abs).length} entries)`;
    if (st.size > MAX_OUTLINE_BYTES) return `- ${shown} (${st.size} bytes; too large to outline here)`;
    const buf = readFileSync(abs);
    if (buf.subarray(0, 8192).includes(0)) return `- ${shown} (binary file, ${st.size} bytes)`;
    const text = buf.toString('utf8');
    const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const symbols = await codeSymbols(abs, text);
    const defs = symbols && symbols.length > 0 ? `: ${symbols.map((s) => `${s.kind} ${s.name} (line ${s.line})`).join(', ')}` : '';
    return `- ${shown} (${lines} lines)${defs}`;
  } catch (e) {
    return `- ${shown} (cannot read: ${describeError(e)})`;
  }
}

export function createFileContextHandler(): UserInputHandler {
  return {
    name: 'file_context',
    async handle(text: string, ctx: InputContext): Promise<InputResult> {
      const paths = quotedPaths(text, ctx.root);
      if (paths.length === 0) return { text, needReturn: false };
      const lines = await Promise.all(paths.map((p) => outlineOf(p.abs, p.shown)));
      const block = `Files the user referred to (outline; read what you need with read_code):\n${lines.join('\n')}`;
      return { text: joinParts(text, block), needReturn: false };
    },
  };
}
