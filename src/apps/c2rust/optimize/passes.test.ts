import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { JarvisError } from '../../../util/index.js';
import { modulePath, resolveCrateDir } from './crate.js';
import { docLine } from './docs-pass.js';
import { normalisedKey } from './duplicates-pass.js';
import { parseRust, visitItems } from './rust-syntax.js';
import { cCommentAbove } from './symbol-map.js';
import { findUnsafeCandidates } from './unsafe-candidates.js';
import { findVisibilityCandidates } from './visibility-pass.js';
import { applyEdits } from './text-edits.js';

async function unsafeCands(text: string) {
  const tree = await parseRust(text);
  onTestFinished(() => tree.delete());
  return findUnsafeCandidates('src/lib.rs', text, tree, 0);
}

describe('unsafe candidates', () => {
  it('offers blocks and fn qualifiers, but not trait-bound signatures, unsafe impls or macro arguments', async () => {
    const text = `unsafe trait T { unsafe fn m(&self); }
unsafe impl T for S { unsafe fn m(&self) {} }
struct S;
impl S { pub unsafe fn own(&self) -> i32 { unsafe { 1 } } }
fn f() { my_macro!(unsafe { 2 }); }
fn g() { println!("{} {}", unsafe { 2 }, unsafe { 3 } + 1); assert!(unsafe { let x = 1; x } == 1); }
`;
    const cands = await unsafeCands(text);
    expect(cands.map((c) => `${c.kind}:${c.name ?? ''}`).sort()).toEqual(['block:', 'block:', 'block:', 'block:', 'fn:own']);
    const all = applyEdits(text, cands.flatMap((c) => c.edits));
    // In a standard macro a whole-argument block loses its braces; a partial one or one with statements keeps them.
    expect(all).toContain('fn g() { println!("{} {}", 2, { 3 } + 1); assert!({ let x = 1; x } == 1); }');
    expect(all).toContain('my_macro!(unsafe { 2 })');
    expect(all).toContain('impl S { pub fn own(&self) -> i32 { 1 } }');
    expect(all).toContain('unsafe impl T for S { unsafe fn m(&self) {} }');
  });

  it('keeps the braces where a bare expression would change meaning', async () => {
    const text = 'fn f(p: *const u8) -> u8 { let a = unsafe { *p } as u8; unsafe { g() }\n    a }\nfn g() {}\n';
    const cands = await unsafeCands(text);
    expect(applyEdits(text, cands.flatMap((c) => c.edits))).toBe('fn f(p: *const u8) -> u8 { let a = { *p } as u8; { g() }\n    a }\nfn g() {}\n');
  });
});

describe('duplicates', () => {
  async function keys(text: string) {
    const tree = await parseRust(text);
    onTestFinished(() => tree.delete());
    const out: (string | undefined)[] = [];
    visitItems(tree.rootNode, (n, ctx) => n.type === 'function_item' && out.push(normalisedKey(n, ctx.implType)));
    return out;
  }

  it('matches bodies up to comments, layout and parameter names, not types or other callees', async () => {
    const [a, b, c, d] = await keys(`
fn a(x: i32, y: i32) -> i32 { let s = x + y; if s > 10 { 10 } else { s } }
fn b(p: i32, q: i32) -> i32 {
    // same thing
    let s = p + q;
    if s > 10 { 10 } else { s }
}
fn c(x: i64, y: i64) -> i64 { let s = x + y; if s > 10 { 10 } else { s } }
fn d(x: i32, y: i32) -> i32 { let s = x - y; if s > 10 { 10 } else { s } }
`);
    expect(a).toBeDefined();
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(d).not.toBe(a);
  });

  it('ignores bodies too small to matter', async () => {
    const [k] = await keys('fn len(&self) -> usize { self.len }');
    expect(k).toBeUndefined();
  });
});

describe('visibility candidates', () => {
  it('leaves lib.rs items, FFI exports, trait items and names used outside alone', async () => {
    const util = `pub fn inner() {}
pub fn used_outside() {}
#[no_mangle]
pub extern "C" fn c_api() {}
pub(crate) fn already() {}
pub struct S;
impl S { pub fn method(&self) {} }
impl Clone for S { fn clone(&self) -> S { S } }
pub mod nested { pub fn deep() {} }
`;
    const tree = await parseRust(util);
    onTestFinished(() => tree.delete());
    const keep = { names: new Set(['used_outside']), globModules: new Set<string>() };
    expect(findVisibilityCandidates('src/util.rs', tree, 0, keep).map((c) => c.name)).toEqual(['inner', 'S', 'method', 'deep']);
    expect(findVisibilityCandidates('src/lib.rs', tree, 0, keep).map((c) => c.name)).toEqual(['deep']);
    expect(findVisibilityCandidates('src/util.rs', tree, 0, { names: new Set(), globModules: new Set(['util']) })).toEqual([]);
  });
});

describe('C comments and doc lines', () => {
  it('takes the block or line comment right above the C definition', () => {
    const c = '#include <x.h>\n\n/**\n * Frees the list.\n * @param l the list\n */\nvoid list_free(list *l)\n{\n}\n// one\n// two\nint x(void);\n\nint y;\n';
    expect(cCommentAbove(c, 7)).toBe('Frees the list. @param l the list');
    expect(cCommentAbove(c, 12)).toBe('one two');
    expect(cCommentAbove(c, 14)).toBeUndefined();
  });

  it('makes one safe rustdoc line: no code fences, no headings, ends with a full stop', () => {
    expect(docLine('  ```c\n    int x;  ```')).toBe("'c int x; '.");
    expect(docLine('# Title')).toBe('Title.');
    expect(docLine('x'.repeat(300)).length).toBe(200);
  });
});

describe('crate location', () => {
  it('uses --crate-dir, else the current directory, else the sibling <dir>_rs', () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'crate-loc-')));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'proj'));
    mkdirSync(join(root, 'proj_rs'));
    writeFileSync(join(root, 'proj_rs', 'Cargo.toml'), '[package]\nname = "p"\n');
    expect(resolveCrateDir(join(root, 'proj'))).toBe(join(root, 'proj_rs'));
    expect(resolveCrateDir(join(root, 'proj_rs'))).toBe(join(root, 'proj_rs'));
    expect(resolveCrateDir(root, 'proj_rs')).toBe(join(root, 'proj_rs'));
    expect(() => resolveCrateDir(join(root, 'proj_rs'), '../proj')).toThrow(JarvisError);
    expect(() => resolveCrateDir(root)).toThrow(/no Rust crate found/);
  });

  it('names modules from file paths', () => {
    expect(modulePath('src/lib.rs')).toEqual([]);
    expect(modulePath('src/a/mod.rs')).toEqual(['a']);
    expect(modulePath('src/a/b.rs')).toEqual(['a', 'b']);
  });
});
