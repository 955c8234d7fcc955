import { describe, expect, it } from 'vitest';
import { isError, parseCargoMessages } from './diagnostics.js';

// Shape of a real `cargo check --message-format=json` line (explanation and rendered text trimmed).
const span = (start: number, end: number, primary: boolean, file = 'src/lib.rs', line = '    *p') => ({
  byte_start: start,
  byte_end: end,
  column_start: 5,
  column_end: 7,
  expansion: null,
  file_name: file,
  is_primary: primary,
  label: null,
  line_start: 2,
  line_end: 2,
  text: [{ highlight_start: 5, highlight_end: 7, text: line }],
});
const message = (code: string | null, level: string, spans: unknown[], children: unknown[] = []) =>
  JSON.stringify({
    reason: 'compiler-message',
    manifest_path: '/tmp/d1/Cargo.toml',
    message: { $message_type: 'diagnostic', level, message: 'English text we never match', code: code ? { code, explanation: '...' } : null, spans, children },
  });

describe('parseCargoMessages', () => {
  it('reads code, level and spans with the highlighted text, including spans of notes', () => {
    const out = [
      '{"reason":"compiler-artifact","target":{}}',
      message('E0133', 'error', [span(37, 39, true)], [{ level: 'note', message: 'n', code: null, spans: [span(10, 12, false, 'src/util.rs', 'pub fn x')], children: [] }]),
      message(null, 'error', []),
      '{"reason":"build-finished","success":false}',
      'not json at all',
    ].join('\n');
    const diags = parseCargoMessages(out);
    expect(diags).toHaveLength(2);
    const [d] = diags;
    expect(d?.code).toBe('E0133');
    expect(isError(d!)).toBe(true);
    expect(d?.spans).toEqual([
      { file: 'src/lib.rs', byteStart: 37, byteEnd: 39, lineStart: 2, primary: true, highlighted: '*p' },
      { file: 'src/util.rs', byteStart: 10, byteEnd: 12, lineStart: 2, primary: false, highlighted: 'fn' },
    ]);
    expect(d?.manifestPath).toBe('/tmp/d1/Cargo.toml');
  });

  it('reports an error compiled for two targets (lib and lib test) once', () => {
    const line = message('E0133', 'error', [span(37, 39, true)]);
    expect(parseCargoMessages(`${line}\n${line}\n`)).toHaveLength(1);
  });

  it('keeps warnings apart from errors and skips a line cut by the output cap', () => {
    const diags = parseCargoMessages(`${message('dead_code', 'warning', [span(1, 2, true)])}\n{"reason":"compiler-mess`);
    expect(diags).toHaveLength(1);
    expect(isError(diags[0]!)).toBe(false);
    expect(diags[0]?.code).toBe('dead_code');
  });
});
