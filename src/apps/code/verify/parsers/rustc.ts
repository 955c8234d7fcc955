import { plainLines, type Diagnostic } from '../diagnostic.js';

/**
 * rustc's JSON diagnostics, as `cargo … --message-format=json` prints them (one
 * `compiler-message` object per line) or as rustc `--error-format=json` does (bare
 * diagnostics). Errors are read by code and primary span, never by English text.
 */

interface Span {
  file_name: string;
  line_start: number;
  column_start: number;
  is_primary: boolean;
}
interface RustcMessage {
  level: string;
  message: string;
  code?: { code: string } | null;
  spans?: Span[];
}

export function parseRustcJson(output: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const line of output.split('\n')) {
    const t = line.trim();
    if (!t.startsWith('{')) continue;
    let v: unknown;
    try {
      v = JSON.parse(t);
    } catch {
      continue;
    }
    const rec = v as { reason?: string; message?: RustcMessage; $message_type?: string } & Partial<RustcMessage>;
    const msg: RustcMessage | undefined =
      rec.reason === 'compiler-message' ? rec.message : rec.$message_type === 'diagnostic' ? (rec as RustcMessage) : undefined;
    if (!msg || (msg.level !== 'error' && msg.level !== 'warning')) continue;
    // "aborting due to N previous errors" has no span and tells the model nothing
    if (/^aborting due to|^could not compile/.test(msg.message)) continue;
    const span = msg.spans?.find((s) => s.is_primary) ?? msg.spans?.[0];
    out.push({
      kind: msg.level === 'error' ? 'error' : 'warning',
      source: 'rustc',
      ...(span ? { file: span.file_name, line: span.line_start, column: span.column_start } : {}),
      message: msg.message,
      ...(msg.code?.code ? { code: msg.code.code } : {}),
    });
  }
  return out;
}

/** rustc's human-readable form (what `cargo test` shows when a test target fails to compile). */
export function parseRustcText(output: string): Diagnostic[] {
  const lines = plainLines(output);
  const out: Diagnostic[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(error|warning)(?:\[(E\d{4})\])?: (.*)$/.exec(lines[i] as string);
    if (!m) continue;
    const message = m[3] as string;
    if (/^aborting due to|^could not compile|^test failed, to rerun|^\d+ warnings? emitted|generated \d+ warnings?/.test(message)) continue;
    const at = /^\s*--> (.+?):(\d+):(\d+)/.exec(lines[i + 1] ?? '');
    out.push({
      kind: m[1] === 'error' ? 'error' : 'warning',
      source: 'rustc',
      ...(at ? { file: at[1] as string, line: Number(at[2]), column: Number(at[3]) } : {}),
      message,
      ...(m[2] ? { code: m[2] } : {}),
    });
  }
  return out;
}
