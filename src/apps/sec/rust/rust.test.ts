import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withRoot } from '../../../../test/support/sec-parse.js';
import type { RawFinding } from '../finding.js';
import { RUST_RULE_LIST, analyzeRust } from './index.js';

const FIXTURE = join(import.meta.dirname, '../../../../test/fixtures/jsec/rust-crate');

async function scanFixture(rel: string): Promise<{ findings: RawFinding[]; marks: Array<{ line: number; kind: string; rule: string }> }> {
  const source = readFileSync(join(FIXTURE, rel), 'utf8');
  const findings = await withRoot(source, 'rust', (root) => analyzeRust(root, rel));
  const marks = source.split('\n').flatMap((text, i) => {
    const m = /\b(FLAW|FIXED|LOW) (rust\.[\w-]+)/.exec(text);
    return m ? [{ line: i + 1, kind: m[1] as string, rule: m[2] as string }] : [];
  });
  return { findings, marks };
}

describe('Rust rules on the fixture crate', () => {
  it('flags every FLAW line and no FIXED line', async () => {
    const { findings, marks } = await scanFixture('src/lib.rs');
    const at = (line: number, rule: string) => findings.filter((f) => f.line === line && f.rule === rule);
    for (const m of marks) {
      if (m.kind === 'FLAW') expect(at(m.line, m.rule), `${m.rule} at line ${m.line}`).not.toHaveLength(0);
      if (m.kind === 'FIXED') expect(at(m.line, m.rule), `${m.rule} at line ${m.line}`).toHaveLength(0);
    }
  });

  it('covers every Rust rule', async () => {
    const { marks } = await scanFixture('src/lib.rs');
    const flawed = new Set(marks.filter((m) => m.kind === 'FLAW').map((m) => m.rule));
    expect([...flawed].sort()).toEqual(RUST_RULE_LIST.map((r) => r.id).sort());
  });

  it('lowers confidence and severity where a SAFETY comment argues soundness', async () => {
    const { findings, marks } = await scanFixture('src/lib.rs');
    const plain = findings.find((f) => f.rule === 'rust.unsafe-block' && f.line === marks.find((m) => m.kind === 'FLAW' && m.rule === 'rust.unsafe-block')?.line);
    for (const low of marks.filter((m) => m.kind === 'LOW')) {
      const f = findings.find((x) => x.rule === low.rule && x.line === low.line);
      expect(f, `line ${low.line}`).toBeDefined();
      expect(f?.confidence).toBeLessThan(plain?.confidence ?? 0);
      expect(f?.severity).toBe('low');
      expect(f?.description).toMatch(/SAFETY comment/);
    }
  });

  it('skips panics in tests and in tests/ files', async () => {
    const lib = await scanFixture('src/lib.rs');
    const testLine = lib.marks.filter((m) => m.rule === 'rust.unwrap' && m.kind === 'FIXED').map((m) => m.line);
    expect(lib.findings.filter((f) => f.rule === 'rust.unwrap' && testLine.includes(f.line))).toEqual([]);
    const integration = await scanFixture('tests/integration.rs');
    expect(integration.findings).toEqual([]);
  });

  it('lowers other findings inside #[cfg(test)]', async () => {
    const src = 'fn f(p: *const u8) -> u8 { unsafe { *p } }\n#[cfg(test)]\nmod tests {\n  fn g(p: *const u8) -> u8 { unsafe { *p } }\n}\n';
    const found = await withRoot(src, 'rust', (root) => analyzeRust(root, 'src/x.rs'));
    const blocks = found.filter((f) => f.rule === 'rust.unsafe-block');
    expect(blocks.map((f) => f.line)).toEqual([1, 4]);
    expect(blocks[1]?.confidence).toBeLessThan(blocks[0]?.confidence ?? 0);
  });

  it('ignores code in comments and strings', async () => {
    const src = '// unsafe { mem::transmute(x) }\n/* x.unwrap() */\nfn f() -> &\'static str { "unsafe impl Send for X {}" }\n';
    expect(await withRoot(src, 'rust', (root) => analyzeRust(root, 'src/x.rs'))).toEqual([]);
  });
});

const RULES = join(import.meta.dirname, '../../../../test/fixtures/jsec/rules');

/** The highest confidence `rule` gets in `source` (0 when it is not reported). */
async function top(source: string, rule: string, file = 'src/x.rs'): Promise<number> {
  const found = await withRoot(source, 'rust', (root) => analyzeRust(root, file));
  return Math.max(0, ...found.filter((f) => f.rule === rule).map((f) => f.confidence));
}

describe('Rust rule pairs: the flaw is shown by default, its justified or fixed twin is not', () => {
  // the product line: --min-confidence defaults to 0.4
  for (const dir of readdirSync(RULES).filter((d) => d.startsWith('rust.')).sort()) {
    for (const bad of readdirSync(join(RULES, dir)).filter((f) => f.startsWith('bad'))) {
      const good = bad.replace(/^bad/, 'good');
      it(`${dir}/${bad.replace(/\.rs$/, '')}`, async () => {
        expect(await top(readFileSync(join(RULES, dir, bad), 'utf8'), dir)).toBeGreaterThanOrEqual(0.4);
        expect(await top(readFileSync(join(RULES, dir, good), 'utf8'), dir)).toBeLessThan(0.4);
      });
    }
  }
});

describe('Rust rules: what lowers and what raises confidence', () => {
  it('a SAFETY comment counts only with an argument and only where it belongs', async () => {
    const block = (comment: string) => `fn f(p: &[u8; 4]) -> u8 {\n${comment}\n    unsafe { *p.as_ptr() }\n}\n`;
    expect(await top(block(''), 'rust.unsafe-block')).toBe(0.6);
    expect(await top(block('    // SAFETY: p is a live reference to four bytes, so its first byte is readable.'), 'rust.unsafe-block')).toBeLessThan(0.4);
    expect(await top(block('    // SAFETY: TODO'), 'rust.unsafe-block')).toBe(0.6);
    expect(await top(block('    // SAFETY:'), 'rust.unsafe-block')).toBe(0.6);
    // a comment that belongs to the statement before does not argue for this block
    const other = 'fn f(p: &[u8; 4]) -> u8 {\n    // SAFETY: p is a live reference to four bytes.\n    let a = unsafe { *p.as_ptr() };\n    let b = unsafe { *p.as_ptr().add(1) };\n    a ^ b\n}\n';
    const found = await withRoot(other, 'rust', (root) => analyzeRust(root, 'src/x.rs'));
    expect(found.filter((f) => f.rule === 'rust.unsafe-block').map((f) => [f.line, f.confidence])).toEqual([[3, 0.36], [4, 0.6]]);
    // a comment above an enclosing if counts; a trailing one too
    expect(await top('fn f(x: i32) -> i32 {\n    // SAFETY: abs has no preconditions once i32::MIN is excluded.\n    if x == i32::MIN { 0 } else { unsafe { abs(x) } }\n}\nextern "C" { fn abs(x: i32) -> i32; }\n', 'rust.unsafe-block')).toBeLessThan(0.4);
    expect(await top('fn f(v: &[u8]) -> u8 {\n    unsafe { *v.as_ptr() } // SAFETY: callers never pass an empty slice here.\n}\n', 'rust.unsafe-block')).toBeLessThan(0.4);
  });

  it('unwrap: literals are not reported, checked values and locks are notes, input is a warning', async () => {
    expect(await top('fn f() -> u16 { "8080".parse::<u16>().unwrap() }\n', 'rust.unwrap')).toBe(0);
    expect(await top('fn f() -> std::net::IpAddr { "127.0.0.1".parse().expect("literal address") }\n', 'rust.unwrap')).toBe(0);
    expect(await top('fn f(s: &str) -> &str { s.split(\',\').next().unwrap() }\n', 'rust.unwrap')).toBe(0);
    expect(await top('fn f(m: &std::sync::Mutex<u8>) -> u8 { *m.lock().unwrap() }\n', 'rust.unwrap')).toBeLessThan(0.4);
    expect(await top('fn f(v: &[u8]) -> u8 { if v.is_empty() { return 0; } *v.first().unwrap() }\n', 'rust.unwrap')).toBeLessThan(0.4);
    expect(await top('fn f(a: usize, b: usize) -> usize { a.checked_add(b).expect("overflow") }\n', 'rust.unwrap')).toBeLessThan(0.4);
    expect(await top('fn main() { let n: u32 = std::env::args().nth(1).unwrap().parse().unwrap(); println!("{}", n); }\n', 'rust.unwrap')).toBeGreaterThanOrEqual(0.6);
    // derived from input through a variable and a loop
    expect(await top('fn f(p: &str) { let text = std::fs::read_to_string(p).unwrap_or_default();\n for line in text.lines() { let (k, v) = line.split_once(\'=\').expect("k=v"); println!("{}{}", k, v); } }\n', 'rust.unwrap')).toBeGreaterThanOrEqual(0.6);
    expect(await top('fn f(buf: &[u8]) -> u32 { u32::from_be_bytes(buf[..4].try_into().unwrap()) }\n', 'rust.unwrap')).toBeGreaterThanOrEqual(0.5);
    expect(await top('fn f(buf: &[u8]) -> u32 { if buf.len() < 4 { return 0; } u32::from_be_bytes(buf[..4].try_into().unwrap()) }\n', 'rust.unwrap')).toBeLessThan(0.4);
  });

  it('ignored results: call statements of Result functions, not write! into a String or ptr::write', async () => {
    const src = [
      'use std::fmt::Write as _;',
      'fn save() -> std::io::Result<()> { Ok(()) }',
      'fn f(p: *mut u8) {',
      '    save();',
      '    let mut s = String::new();',
      '    write!(s, "x");',
      '    unsafe { std::ptr::write(p, 1) };',
      '    std::fs::remove_file("/tmp/x");',
      '}',
    ].join('\n');
    const found = await withRoot(src, 'rust', (root) => analyzeRust(root, 'src/x.rs'));
    expect(found.filter((f) => f.rule === 'rust.ignored-result').map((f) => f.line)).toEqual([4, 8]);
    expect(await top('fn f() -> std::io::Result<()> { Ok(()) }\nfn g() { f()?; }\n', 'rust.ignored-result')).toBe(0);
    expect(await top('fn g() {\n    // best effort: the file may already be gone\n    let _ = std::fs::remove_file("/tmp/x");\n}\n', 'rust.ignored-result')).toBeLessThan(0.4);
    expect(await top('struct T;\nimpl Drop for T { fn drop(&mut self) { let _ = std::fs::remove_file("/tmp/x"); } }\n', 'rust.ignored-result')).toBeLessThan(0.4);
  });

  it('raw pointers: pass-through is a note, an unchecked parameter of a safe public fn is a warning', async () => {
    expect(await top('pub fn f(p: *const u8) -> *const u8 { p }\n', 'rust.raw-pointer')).toBeLessThan(0.4);
    expect(await top('pub fn f(p: *const u8) -> u8 { unsafe { *p } }\n', 'rust.raw-pointer')).toBeGreaterThanOrEqual(0.7);
    expect(await top('pub fn f(p: *const u8) -> u8 { if p.is_null() { 0 } else { unsafe { *p } } }\n', 'rust.raw-pointer')).toBeLessThan(0.4);
    expect(await top('pub fn f(p: *const u8) -> u8 { match unsafe { p.as_ref() } { Some(b) => *b, None => 0 } }\n', 'rust.raw-pointer')).toBeLessThan(0.4);
    // documented unsafe fn: the caller carries the obligation
    expect(await top('/// # Safety\n/// `p` must point to a readable byte.\npub unsafe fn f(p: *const u8) -> u8 { unsafe { *p } }\n', 'rust.raw-pointer')).toBeLessThan(0.4);
    expect(await top('unsafe fn f(p: *mut u8) { drop(Box::from_raw(p)); drop(Box::from_raw(p)); }\n', 'rust.raw-pointer')).toBeGreaterThanOrEqual(0.8);
  });

  it('extern "C": unchecked pointers and panics across the boundary are findings, a checked fn is a note', async () => {
    const checked = '#[no_mangle]\npub extern "C" fn f(p: *const i32) -> i32 {\n    if p.is_null() { return -1; }\n    // SAFETY: non-null and the caller passes a valid i32.\n    unsafe { *p }\n}\n';
    expect(await top(checked, 'rust.extern-c')).toBeLessThan(0.4);
    expect(await top(checked.replace('    if p.is_null() { return -1; }\n', ''), 'rust.extern-c')).toBeGreaterThanOrEqual(0.5);
    expect(await top('pub extern "C" fn f(x: i32) -> i32 { let v = vec![1, 2, 3]; v[x as usize] }\n', 'rust.extern-c')).toBeGreaterThanOrEqual(0.5);
    expect(await top('pub extern "C" fn f(x: i32) -> i32 { std::panic::catch_unwind(|| { let v = vec![1, 2, 3]; v[x as usize] }).unwrap_or(-1) }\n', 'rust.extern-c')).toBeLessThan(0.4);
    expect(await top('extern "C" { fn strlen(s: *const i8) -> usize; }\n', 'rust.extern-c')).toBeLessThan(0.4);
  });

  it('mem::zeroed and transmute are judged by their types', async () => {
    expect(await top('struct P { a: u32, b: [u8; 4], c: *mut u8 }\nfn f() -> P { unsafe { std::mem::zeroed() } }\n', 'rust.uninit')).toBeLessThan(0.4);
    expect(await top('struct R<\'a> { a: &\'a str }\nfn f<\'a>() -> R<\'a> { unsafe { std::mem::zeroed() } }\n', 'rust.uninit')).toBeGreaterThanOrEqual(0.8);
    expect(await top('fn f() -> libc::stat { let s: libc::stat = unsafe { std::mem::zeroed() }; s }\n', 'rust.uninit')).toBeLessThan(0.4);
    expect(await top('fn f(b: u8) -> bool { unsafe { std::mem::transmute(b) } }\n', 'rust.transmute')).toBeGreaterThanOrEqual(0.8);
    expect(await top('#[repr(transparent)]\nstruct Id(u64);\nfn f(v: u64) -> Id { unsafe { std::mem::transmute(v) } }\n', 'rust.transmute')).toBeLessThan(0.4);
  });

  it('unsafe impl Send/Sync: what the type holds decides', async () => {
    expect(await top('struct C { n: std::cell::Cell<u8> }\n// SAFETY: only one thread ever touches C in practice.\nunsafe impl Sync for C {}\n', 'rust.unsafe-send-sync')).toBeGreaterThanOrEqual(0.8);
    expect(await top('struct C { n: std::cell::Cell<u8> }\nunsafe impl Send for C {}\n', 'rust.unsafe-send-sync')).toBeLessThan(0.8);
  });
});

describe('Rust rules: checks a SAFETY comment does not replace', () => {
  it('unchecked operations stay findings under a SAFETY comment unless the code shows the check', async () => {
    const utf8 = (check: string) => `pub fn f(b: Vec<u8>) -> String {\n${check}    // SAFETY: the bytes are valid UTF-8.\n    unsafe { String::from_utf8_unchecked(b) }\n}\n`;
    expect(await top(utf8(''), 'rust.unsafe-block')).toBeGreaterThanOrEqual(0.5);
    expect(await top(utf8('    if std::str::from_utf8(&b).is_err() { return String::new(); }\n'), 'rust.unsafe-block')).toBeLessThan(0.4);
    const setLen = (fill: string) => `pub fn f(n: usize) -> Vec<u8> {\n    let mut v: Vec<u8> = Vec::with_capacity(n);\n${fill}    // SAFETY: capacity is n.\n    unsafe { v.set_len(n) };\n    v\n}\n`;
    expect(await top(setLen(''), 'rust.unsafe-block')).toBeGreaterThanOrEqual(0.5);
    expect(await top(setLen('    // SAFETY: v has capacity for n bytes.\n    unsafe { std::ptr::write_bytes(v.as_mut_ptr(), 0, n) };\n'), 'rust.unsafe-block')).toBeLessThan(0.4);
    const rawLen = 'fn f(b: &[u8]) -> &[u8] {\n    let count = b[0] as usize;\n    // SAFETY: count bytes follow.\n    unsafe { std::slice::from_raw_parts(b.as_ptr().add(1), count) }\n}\n';
    expect(await top(rawLen, 'rust.unsafe-block')).toBeGreaterThanOrEqual(0.5);
    expect(await top(rawLen.replace('    // SAFETY', '    if count >= b.len() { return &[]; }\n    // SAFETY'), 'rust.unsafe-block')).toBeLessThan(0.4);
  });

  it('a SAFETY comment above the statement that prepares the pointer counts; one above an unrelated unsafe block does not', async () => {
    const src = 'fn f(v: &[u8; 8]) -> u8 {\n    // SAFETY: v has eight bytes, so offset 3 is in bounds.\n    let p = v.as_ptr();\n    unsafe { *p.add(3) }\n}\n';
    expect(await top(src, 'rust.unsafe-block')).toBeLessThan(0.4);
    const two = 'fn f(v: &[u8; 8]) -> u8 {\n    // SAFETY: v has eight bytes, so offset 3 is in bounds.\n    let a = unsafe { *v.as_ptr().add(3) };\n    let b = unsafe { *v.as_ptr().add(4) };\n    a ^ b\n}\n';
    const found = await withRoot(two, 'rust', (root) => analyzeRust(root, 'src/x.rs'));
    expect(found.filter((f) => f.rule === 'rust.unsafe-block').map((f) => f.confidence)).toEqual([0.36, 0.6]);
  });

  it('writes through a pointer from a shared borrow', async () => {
    expect(await top('fn f(x: &u32) { let p = x as *const u32 as *mut u32; unsafe { *p = 1 }; }\n', 'rust.raw-pointer')).toBeGreaterThanOrEqual(0.7);
    expect(await top('fn f(x: &mut u32) { let p = x as *mut u32; unsafe { *p = 1 }; }\n', 'rust.raw-pointer')).toBeLessThan(0.4);
    expect(await top('fn f(v: &Vec<u8>) { let p = v.as_ptr() as *mut u8; unsafe { p.write(0) }; }\n', 'rust.raw-pointer')).toBeGreaterThanOrEqual(0.7);
  });
});
