import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../../../../test/support/temp-tree.js';
import { applyJsonEdit } from './apply.js';
import { JsonEditError, parseJsonEdit, type JsonEditErrorCode } from './protocol.js';

const SRC = 'int add(int a, int b) {\n  return a - b;\n}\nint sub(int a, int b) {\n  return a - b;\n}\n';

function codeOf(f: () => unknown): JsonEditErrorCode | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof JsonEditError) return e.code;
    throw e;
  }
  return undefined;
}

const edit = (over: Record<string, unknown> = {}, e: Record<string, unknown> = {}) =>
  JSON.stringify({ action: 'edit', file_path: 'calc.c', edits: [{ old_string: 'int add', new_string: 'int plus', expected_replacements: 1, ...e }], ...over });

describe('JSON edit protocol: parsing', () => {
  it.each<[string, string, JsonEditErrorCode]>([
    ['not JSON', '{action: edit}', 'not_json'],
    ['a Markdown fence', '```json\n{}\n```', 'not_json'],
    ['an array', '[{"action":"edit"}]', 'not_object'],
    ['a string', '"edit calc.c"', 'not_object'],
    ['a missing file_path', JSON.stringify({ action: 'edit', edits: [] }), 'missing_field'],
    ['a missing edits field', JSON.stringify({ action: 'edit', file_path: 'a.c' }), 'missing_field'],
    ['an edit without expected_replacements', JSON.stringify({ action: 'edit', file_path: 'a.c', edits: [{ old_string: 'a', new_string: 'b' }] }), 'missing_field'],
    ['an unknown action', edit({ action: 'replace' }), 'bad_field'],
    ['a zero count', edit({}, { expected_replacements: 0 }), 'bad_field'],
    ['an empty old_string', edit({}, { old_string: '' }), 'bad_field'],
    ['an unknown field', edit({ dry_run: true }), 'unknown_field'],
    ['two files as an array', edit({ file_path: ['a.c', 'b.c'] }), 'two_files'],
    ['two files in one string', edit({ file_path: 'a.c, b.c' }), 'two_files'],
    ['a files list', JSON.stringify({ action: 'edit', files: ['a.c'], file_path: 'a.c', edits: [] }), 'two_files'],
  ])('rejects %s', (_what, text, code) => {
    expect(codeOf(() => parseJsonEdit(text))).toBe(code);
  });

  it('accepts a well-formed request, message included', () => {
    expect(parseJsonEdit(`  ${edit({ message: 'rename' })}\n`)).toEqual({
      action: 'edit',
      file_path: 'calc.c',
      edits: [{ old_string: 'int add', new_string: 'int plus', expected_replacements: 1 }],
      message: 'rename',
    });
  });
});

describe('JSON edit protocol: dry run and apply', () => {
  it.each<[string, Record<string, unknown>, JsonEditErrorCode]>([
    ['an anchor that is not in the file', { old_string: 'int mul' }, 'anchor_not_found'],
    ['a count that does not match', { old_string: 'return a - b;', expected_replacements: 1 }, 'count_mismatch'],
  ])('refuses %s and writes nothing', (_what, e, code) => {
    const root = tempTree({ 'calc.c': SRC });
    expect(codeOf(() => applyJsonEdit(root, parseJsonEdit(edit({}, e))))).toBe(code);
    expect(readFileSync(join(root, 'calc.c'), 'utf8')).toBe(SRC);
  });

  it('refuses a file outside the root and a missing file', () => {
    const root = tempTree({ 'calc.c': SRC });
    expect(codeOf(() => applyJsonEdit(root, parseJsonEdit(edit({ file_path: '../x.c' }))))).toBe('outside_root');
    expect(codeOf(() => applyJsonEdit(root, parseJsonEdit(edit({ file_path: 'nope.c' }))))).toBe('file_not_found');
  });

  it('replaces every occurrence when the count says so, and returns a unified diff', () => {
    const root = tempTree({ 'calc.c': SRC });
    const r = applyJsonEdit(root, parseJsonEdit(edit({}, { old_string: 'a - b', new_string: 'a + b', expected_replacements: 2 })));
    expect(r.written).toBe(true);
    expect(readFileSync(join(root, 'calc.c'), 'utf8')).toBe(SRC.replaceAll('a - b', 'a + b'));
    expect(r.unified).toContain('-  return a - b;\n+  return a + b;');
  });

  it('dry run checks without writing', () => {
    const root = tempTree({ 'calc.c': SRC });
    const r = applyJsonEdit(root, parseJsonEdit(edit()), { dryRun: true });
    expect(r.after).toContain('int plus');
    expect(r.written).toBe(false);
    expect(readFileSync(join(root, 'calc.c'), 'utf8')).toBe(SRC);
  });

  it('edit applies in order: a later edit sees the earlier one', () => {
    const root = tempTree({ 'calc.c': SRC });
    const req = { action: 'edit', file_path: 'calc.c', edits: [
      { old_string: 'int add', new_string: 'int plus', expected_replacements: 1 },
      { old_string: 'int plus(int a', new_string: 'int plus(long a', expected_replacements: 1 },
    ] };
    applyJsonEdit(root, parseJsonEdit(JSON.stringify(req)));
    expect(readFileSync(join(root, 'calc.c'), 'utf8')).toContain('int plus(long a, int b)');
  });

  it('multi_edit with one bad edit writes nothing', () => {
    const root = tempTree({ 'calc.c': SRC });
    const req = { action: 'multi_edit', file_path: 'calc.c', edits: [
      { old_string: 'int add', new_string: 'int plus', expected_replacements: 1 },
      { old_string: 'int mul', new_string: 'int times', expected_replacements: 1 },
    ] };
    const e = (() => {
      try {
        applyJsonEdit(root, parseJsonEdit(JSON.stringify(req)));
      } catch (err) {
        return err as JsonEditError;
      }
      return undefined;
    })();
    expect(e?.code).toBe('anchor_not_found');
    expect(e?.edit).toBe(1);
    expect(readFileSync(join(root, 'calc.c'), 'utf8')).toBe(SRC);
  });

  it('multi_edit checks anchors against the original and refuses overlaps', () => {
    const root = tempTree({ 'calc.c': SRC });
    const ok = { action: 'multi_edit', file_path: 'calc.c', edits: [
      { old_string: 'int add', new_string: 'int sub2', expected_replacements: 1 },
      { old_string: 'int sub(', new_string: 'int minus(', expected_replacements: 1 },
    ] };
    applyJsonEdit(root, parseJsonEdit(JSON.stringify(ok)));
    expect(readFileSync(join(root, 'calc.c'), 'utf8')).toMatch(/int sub2\(int a[\s\S]*int minus\(int a/);
    const overlap = { action: 'multi_edit', file_path: 'calc.c', edits: [
      { old_string: 'int sub2(int a', new_string: 'x', expected_replacements: 1 },
      { old_string: 'sub2', new_string: 'y', expected_replacements: 1 },
    ] };
    expect(codeOf(() => applyJsonEdit(root, parseJsonEdit(JSON.stringify(overlap))))).toBe('overlap');
  });
});
