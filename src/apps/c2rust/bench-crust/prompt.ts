import type { ParsedAnswer } from '../../../agent/index.js';

export const RUST_FILE_TAG = 'RUST_FILE';

export const IMPLEMENTER_ROLE = [
  'You are translating a C project into safe, idiomatic Rust. The Rust interface is fixed: a file of types and function signatures',
  'written by hand, with bodies `unimplemented!()`. You write the complete file with every body implemented so that it behaves like the C',
  'and the Rust tests pass. Keep every public item, name, field and signature exactly as given; you may add private helpers, private',
  'fields are not allowed to change. Use only std (the crate builds offline). No `unimplemented!()`, `todo!()` or `unsafe` unless nothing else works.',
].join(' ');

export const RUST_FILE_USAGE = [
  `Answer with the whole file in one <${RUST_FILE_TAG}> block, nothing else inside it:`,
  `<${RUST_FILE_TAG}>`,
  '// the complete Rust file',
  `</${RUST_FILE_TAG}>`,
].join('\n');

/** `pub fn name` of an interface file: each must survive the implementation. */
export function publicFunctions(text: string): string[] {
  return [...text.matchAll(/^\s*pub\s+fn\s+([A-Za-z_][A-Za-z0-9_]*)/gm)].map((m) => m[1] as string);
}

/** A reply's file: not empty, no placeholder bodies left, every public function of the interface still there. */
export function parseRustFile(body: string, required: readonly string[]): ParsedAnswer<string> {
  const text = body.replace(/^\s*```[a-z]*\s*\n/i, '').replace(/\n\s*```\s*$/, '').replace(/^\n+/, '');
  if (text.trim() === '') return { ok: false, reason: 'the block is empty: put the whole file in it' };
  if (/\b(unimplemented|todo)!\s*\(/.test(text)) return { ok: false, reason: 'unimplemented!() or todo!() is left: implement every body' };
  const have = new Set(publicFunctions(text));
  const lost = required.filter((f) => !have.has(f));
  if (lost.length > 0) return { ok: false, reason: `public functions of the interface are missing: ${lost.join(', ')}` };
  return { ok: true, value: text.endsWith('\n') ? text : `${text}\n` };
}

export function implementTask(o: { project: string; file: string; iface: string; tests: string; cSource: string; errors?: string; notes: string }): string {
  return [
    `Project ${o.project}: implement ${o.file}.`,
    '',
    `The interface (${o.file}):`,
    '```rust',
    o.iface,
    '```',
    '',
    'The tests that use it (excerpt):',
    '```rust',
    o.tests,
    '```',
    '',
    'The C it translates:',
    '```c',
    o.cSource,
    '```',
    o.errors ? `\nYour last version of ${o.file} fails. cargo says:\n${o.errors}\nFix it and give the whole file again.` : '',
    '',
    RUST_FILE_USAGE,
    o.notes,
  ].join('\n');
}
