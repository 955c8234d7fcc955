import { describe, expect, it } from 'vitest';
import { defaultC2rustConfig } from '../../src/apps/c2rust/config/index.js';
import { decide, parseVerdict } from '../../src/apps/c2rust/lib-replace/index.js';
import { defaultPlan, parsePlan, type PlanFacts } from '../../src/apps/c2rust/prepare/index.js';

// lexer.c: lex → next_char; parser.c: parse → lex, report; util.c: report
const facts: PlanFacts = {
  functions: new Map([
    ['lex', 'lexer'],
    ['next_char', 'lexer'],
    ['parse', 'parser'],
    ['report', 'util'],
  ]),
  rustPath: new Map(),
  calls: new Map([
    ['lex', ['next_char']],
    ['next_char', []],
    ['parse', ['lex', 'report']],
    ['report', []],
  ]),
  binaries: [{ name: 'calc', c_file: 'main.c' }],
};
const plan = (yaml: string) => parsePlan(`modules:\n${yaml}`, facts);

describe('crate plan validation', () => {
  it('accepts a layout without cycles and keeps the programs', () => {
    const r = plan('  - {name: front, purpose: lexing and parsing, functions: [lex, next_char, parse]}\n  - {name: diag, functions: [report]}');
    expect(r).toMatchObject({ ok: true, value: { source: 'model', binaries: [{ name: 'calc' }] } });
    expect(defaultPlan(facts).modules.map((m) => m.name)).toEqual(['lexer', 'parser', 'util']);
  });

  it('names the calls that make a module cycle', () => {
    // a: parse, next_char; b: lex — a calls b (parse → lex), b calls a (lex → next_char)
    const r = plan('  - {name: a, functions: [parse, next_char]}\n  - {name: b, functions: [lex]}');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/^modules a → b → a form a cycle \(parse calls lex; lex calls next_char\)/);
  });

  it('refuses bad names, unknown or twice-placed functions, and an empty plan, saying why', () => {
    expect(plan('  - {name: Front, functions: [lex]}')).toMatchObject({ ok: false, reason: expect.stringContaining('one snake_case identifier') });
    expect(plan('  - {name: type, functions: [lex]}')).toMatchObject({ ok: false, reason: 'module name type is a Rust keyword' });
    expect(plan('  - {name: ffi, functions: [lex]}')).toMatchObject({ ok: false, reason: expect.stringContaining('reserved') });
    expect(plan('  - {name: a, functions: [lex, eval]}')).toMatchObject({ ok: false, reason: 'module a: eval is not one of the functions to place' });
    expect(plan('  - {name: a, functions: [lex]}\n  - {name: b, functions: [lex]}')).toMatchObject({ ok: false, reason: 'lex is placed in both a and b' });
    expect(parsePlan('modules: []', facts)).toMatchObject({ ok: false });
    expect(parsePlan('modules: [', facts)).toMatchObject({ ok: false, reason: expect.stringContaining('not YAML') });
  });
});

describe('lib-replace verdicts and the gate', () => {
  const v = (body: string) => {
    const r = parseVerdict(body);
    if (!r.ok) throw new Error(r.reason);
    return r.value;
  };
  it('applies std replacements and refuses disabled libraries, low confidence and crates unless allowed', () => {
    const config = { ...defaultC2rustConfig(), disabled_libraries: ['regex'] };
    expect(decide(v('replaceable: true\nlibraries: [std]\nconfidence: 0.9\nnotes: x'), config)).toEqual({ apply: true, kind: 'std' });
    expect(decide(v('replaceable: true\nlibraries: [Regex@1.10]\nconfidence: 0.9'), { ...config, allow_crates: true })).toEqual({ apply: false, kind: 'crate', reason: 'disabled library: Regex@1.10' });
    expect(decide(v('replaceable: true\nlibraries: [std]\nconfidence: 50%'), config)).toMatchObject({ apply: false, reason: 'confidence 0.5 is below 0.7' });
    expect(decide(v('replaceable: true\nlibraries: [memchr]\nconfidence: 0.9'), config)).toMatchObject({ apply: false, reason: expect.stringContaining('third-party crates are off') });
    expect(decide(v('replaceable: true\nlibraries: [memchr]\nconfidence: 0.9'), { ...config, allow_crates: true })).toEqual({ apply: true, kind: 'crate' });
  });
  it('sends back what is wrong with a malformed answer', () => {
    expect(parseVerdict('replaceable: maybe\nconfidence: 1')).toMatchObject({ ok: false });
    expect(parseVerdict('replaceable: true\nlibraries: []\nconfidence: 0.9')).toMatchObject({ ok: false, reason: expect.stringContaining('libraries is empty') });
    expect(parseVerdict('replaceable: false\nnotes: project logic')).toMatchObject({ ok: false, reason: expect.stringContaining('confidence is missing') });
  });
});
