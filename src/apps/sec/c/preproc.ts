/**
 * Conditional compilation: which branch of an `#if`/`#ifdef` block the file's own `#define`s
 * select (so `#if 0` and `#ifdef _WIN32` code is never analysed).
 */
import type { N } from './ast.js';

/** The branch of a conditional-compilation block that the file's own #defines select. */
export function preprocBranch(n: N, defined: ReadonlySet<string>, src: string): N[] {
  const cond = n.c[0];
  let truth: boolean;
  if (n.t === 'preproc_ifdef') {
    const name = cond ? src.slice(cond.s, cond.e) : '';
    truth = defined.has(name) === (n.op !== '#ifndef');
  } else {
    const t = cond ? src.slice(cond.s, cond.e).trim() : '0';
    truth = preprocTruth(t, defined);
  }
  const rest = n.c.slice(1);
  const alt = rest.find((c) => c.t === 'preproc_else' || c.t === 'preproc_elif');
  const body = rest.filter((c) => c !== alt);
  if (truth) return body;
  if (!alt) return [];
  if (alt.t === 'preproc_elif') return preprocBranch({ ...alt, t: 'preproc_if' }, defined, src);
  return alt.c;
}

function preprocTruth(cond: string, defined: ReadonlySet<string>): boolean {
  const replaced = cond
    .replace(/defined\s*\(\s*(\w+)\s*\)|defined\s+(\w+)/g, (_m, a: string | undefined, b: string | undefined) => (defined.has(a ?? b ?? '') ? '1' : '0'))
    .replace(/\b[A-Za-z_]\w*\b/g, '0');
  if (/^[\d\s()!&|=<>+\-*/]+$/.test(replaced)) {
    try {
      // only digits and operators remain: safe to evaluate as a JS expression
      return Boolean(new Function(`return (${replaced});`)());
    } catch {
      return true;
    }
  }
  return true;
}

