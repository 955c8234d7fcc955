/**
 * rustc diagnostics as cargo prints them with `--message-format=json`. We react to codes and
 * spans only (docs/c2rust-optimize.md); the English message is kept for the report, never matched.
 */
export interface DiagSpan {
  /** As rustc gives it: relative to the workspace root, or absolute. */
  file: string;
  byteStart: number;
  byteEnd: number;
  lineStart: number;
  primary: boolean;
  /** The source text rustc highlighted (first line of the span). */
  highlighted: string;
}

export interface Diagnostic {
  level: string;
  /** `E0133`, a lint name such as `dead_code`, or undefined. */
  code?: string;
  message: string;
  /** Primary and secondary spans of the diagnostic and of its notes, in that order. */
  spans: DiagSpan[];
  /** Where cargo says the crate being compiled lives; the span paths are relative to its workspace. */
  manifestPath?: string;
  /** rustc's own text of the diagnostic (source excerpt, labels, notes), for showing to a person or a model. */
  rendered?: string;
}

interface RawSpan {
  file_name: string;
  byte_start: number;
  byte_end: number;
  line_start: number;
  is_primary: boolean;
  text?: { text: string; highlight_start: number; highlight_end: number }[];
  expansion?: { span: RawSpan } | null;
}

interface RawDiagnostic {
  level: string;
  message: string;
  code?: { code: string } | null;
  spans: RawSpan[];
  children?: RawDiagnostic[];
  rendered?: string | null;
}

function toSpan(s: RawSpan, primary: boolean): DiagSpan {
  const first = s.text?.[0];
  const highlighted = first ? first.text.slice(first.highlight_start - 1, first.highlight_end - 1) : '';
  return { file: s.file_name, byteStart: s.byte_start, byteEnd: s.byte_end, lineStart: s.line_start, primary, highlighted };
}

function collectSpans(d: RawDiagnostic, out: DiagSpan[]): void {
  for (const s of d.spans) {
    out.push(toSpan(s, s.is_primary));
    // Inside a macro the span points into the macro; each call site up the chain is code we may have edited.
    for (let site = s.expansion?.span; site; site = site.expansion?.span) out.push(toSpan(site, s.is_primary));
  }
  for (const c of d.children ?? []) collectSpans(c, out);
}

/** Errors (and warnings denied into errors) from cargo's JSON lines; other lines are skipped. */
export function parseCargoMessages(stdout: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    let msg: { reason?: string; message?: RawDiagnostic; manifest_path?: string };
    try {
      msg = JSON.parse(line) as typeof msg;
    } catch {
      continue; // a line cut by the output cap
    }
    if (msg.reason !== 'compiler-message' || !msg.message) continue;
    const raw = msg.message;
    const spans: DiagSpan[] = [];
    collectSpans(raw, spans);
    const diag: Diagnostic = {
      level: raw.level,
      code: raw.code?.code ?? undefined,
      message: raw.message,
      spans,
      manifestPath: msg.manifest_path,
      ...(raw.rendered ? { rendered: raw.rendered } : {}),
    };
    // The same error is printed once per target that compiles the file (lib and lib test).
    const key = `${diag.level}|${diag.code ?? ''}|${spans.map((s) => `${s.file}:${s.byteStart}-${s.byteEnd}`).join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(diag);
  }
  return out;
}

export function isError(d: Diagnostic): boolean {
  return d.level === 'error' || d.level === 'error: internal compiler error';
}
