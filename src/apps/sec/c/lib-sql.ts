/**
 * SQL: a query text built from outside data and handed to a database call that parses it
 * (sqlite3_exec/prepare, mysql_query, PQexec, ODBC SQLExecDirect…) is SQL injection. A query that
 * is a literal (its values bound through `?`/`$1` placeholders), built with `%q`/`%Q` in
 * sqlite3_mprintf, through an escaping call, or from numbers formatted with `%d` carries no taint
 * and is not reported. A query of unknown origin that is not a literal is a low-confidence suspect.
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { evalExpr } from './eval.js';
import { formatLength } from './lib-format.js';
import { escape, newObj } from './memory.js';
import type { State } from './state.js';
import { formatText, isDangerous, isTainted, joinTaint, NO_TAINT, objsOf, setString, strLen, taintOf, taintPatch, taintText, taintTrace, type Taint } from './strings.js';
import { anyInt, NO, UNKNOWN, YES, type PtrV, type Val } from './values.js';
import type { LibResult } from './lib.js';

/** database calls that parse their query argument: index of the query */
const QUERY_ARG: Record<string, number> = {
  sqlite3_exec: 1, sqlite3_prepare: 1, sqlite3_prepare_v2: 1, sqlite3_prepare_v3: 1, sqlite3_prepare16: 1, sqlite3_prepare16_v2: 1, sqlite3_prepare16_v3: 1,
  sqlite3_get_table: 1,
  mysql_query: 1, mysql_real_query: 1, mysql_send_query: 1, mysql_stmt_prepare: 1,
  PQexec: 1, PQexecParams: 1, PQsendQuery: 1, PQsendQueryParams: 1, PQprepare: 2, PQsendPrepare: 2,
  SQLExecDirect: 1, SQLExecDirectA: 1, SQLExecDirectW: 1, SQLPrepare: 1, SQLPrepareA: 1, SQLPrepareW: 1,
  OCIStmtPrepare: 2, OCIStmtPrepare2: 3, dbcmd: 1,
};

/** escaping calls that write an escaped copy: (index of the output buffer, index of the input) */
const ESCAPE_INTO: Record<string, [number, number]> = {
  mysql_real_escape_string: [1, 2], mysql_real_escape_string_quote: [1, 2], mysql_escape_string: [0, 1], mysql_hex_string: [0, 1],
  PQescapeStringConn: [1, 2], PQescapeString: [0, 1],
};

/** escaping calls that return a new escaped string */
const ESCAPE_RETURN = new Set(['PQescapeLiteral', 'PQescapeIdentifier', 'PQescapeByteaConn', 'PQescapeBytea']);

/** sqlite's printf: the format's index; `%q`, `%Q` and `%w` escape what they insert */
const SQLITE_PRINTF: Record<string, number> = { sqlite3_mprintf: 0, sqlite3_vmprintf: 0, sqlite3_snprintf: 2, sqlite3_vsnprintf: 2, sqlite3_str_appendf: 1 };

export function isSqlCall(name: string): boolean {
  return name in QUERY_ARG || name in ESCAPE_INTO || ESCAPE_RETURN.has(name) || name in SQLITE_PRINTF;
}

export function sqlCall(name: string, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult {
  if (name in SQLITE_PRINTF) return sqlitePrintf(name, SQLITE_PRINTF[name] as number, n, args, st, fr, run);
  const vals = args.map((a) => evalExpr(a, st, fr, run));
  const esc = ESCAPE_INTO[name];
  if (esc) {
    // the escaped copy is the program's own text now: quotes cannot end the literal it goes in
    const [to, from] = esc;
    const src = vals[from] ?? UNKNOWN;
    const sl = strLen(src, st, 1);
    setString(vals[to] ?? UNKNOWN, st, { slo: 0, shi: Number.isFinite(sl.hi) ? 2 * sl.hi : Infinity, ...taintPatch(taintOf(undefined)) }, 1);
    vals.forEach((v, i) => i !== to && escape(v, st));
    return { v: anyInt() };
  }
  if (ESCAPE_RETURN.has(name)) {
    vals.forEach((v) => escape(v, st));
    return { v: fresh(n, st, run, 'the escaped string') };
  }
  const qi = QUERY_ARG[name] as number;
  const q = vals[qi];
  const qNode = args[qi];
  if (q && qNode) checkQuery(name, q, qNode, n, st, fr, run);
  vals.forEach((v) => escape(v, st));
  return { v: UNKNOWN };
}

function checkQuery(name: string, q: Val, qNode: N, n: N, st: State, fr: Frame, run: Run): void {
  const src = isDangerous(q, st);
  if (src) {
    const t = taintOf(src);
    report(fr, n, {
      rule: 'c.sql.tainted',
      pattern: name,
      description: `${name} runs the SQL text '${text(fr.file, qNode)}', which holds ${taintText(t)}; quotes in it can change the query.`,
      // a wrapper handing its own parameter straight on (`run(const char *cmd) { system(cmd); }`)
    // passes the caller's text as it is: the callers decide; text it built from one is more likely a flaw
    confidence: t.weak ? (src.kind === 'unknown' ? 0.3 : 0.45) : 0.8,
      trace: taintTrace(t),
      tier: t.weak ? 'suspect' : 'proven',
      obj: src,
    }, run);
    return;
  }
  // outside text the program validated, a literal, or text it wrote itself is not in doubt
  if (isTainted(q, st) || qNode.t === 'string_literal' || qNode.t === 'concatenated_string' || formatText(q, st) !== undefined) return;
  const objs = objsOf(q, st);
  if (objs.some((o) => o.kind === 'literal') || Number.isFinite(strLen(q, st, 1).hi)) return;
  // a buffer or block the program filled itself (from untainted parts) is its own text
  if (objs.length > 0 && objs.every((o) => o.kind !== 'unknown')) return;
  report(fr, n, {
    rule: 'c.sql.tainted',
    pattern: name,
    description: `${name} runs the SQL text '${text(fr.file, qNode)}', which is built at run time; check that no outside data reaches it, or bind values with placeholders.`,
    confidence: 0.35,
    tier: 'suspect',
  }, run);
}

function fresh(n: N, st: State, run: Run, name: string): PtrV {
  const o = newObj(run, st, {
    kind: 'heap', elem: 1, slo: 0, shi: Infinity, taint: false, freed: NO, init: YES, escaped: true, line: n.line, name, local: false,
  });
  // NULL only when memory runs out: not a finding to make of every use
  return { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: NO };
}

/**
 * sqlite3_mprintf(fmt, …) and friends: printf with `%q`/`%Q`/`%w`, which double the quotes of
 * what they insert. Only `%s`/`%z` of outside data carries its taint into the result.
 */
function sqlitePrintf(name: string, idx: number, n: N, args: N[], st: State, fr: Frame, run: Run): LibResult {
  const vals = args.map((a) => evalExpr(a, st, fr, run));
  const fmt = formatText(vals[idx], st);
  const rest = name.includes('vmprintf') || name.includes('vsnprintf') ? fr.varargs ?? [] : vals.slice(idx + 1);
  let t: Taint = NO_TAINT;
  let quoted = 0;
  if (fmt !== undefined) {
    let i = 0;
    for (const m of fmt.matchAll(/%[-+ #0!]*(\*|\d+)?(?:\.(\*|\d+)?)?(hh|h|ll|l|L|j|z|t)?([a-zA-Z%])/g)) {
      if (m[4] === '%') continue;
      if (m[1] === '*') i++;
      if (m[2] === '*') i++;
      const a = rest[i++];
      if (m[4] === 'q' || m[4] === 'Q' || m[4] === 'w') quoted++;
      else if ((m[4] === 's' || m[4] === 'z') && a) t = joinTaint(t, taintOf(isTainted(a, st)));
    }
  }
  // lengths as printf's with `%s` for the quoting conversions, which may double what they insert
  const out = fmt !== undefined ? formatLength(fmt.replace(/%([-+ #0!]*\d*(?:\.\d+)?)[qQwz]/g, '%$1s'), rest, st) : undefined;
  const shi = out && Number.isFinite(out.hi) ? (quoted > 0 ? 2 * out.hi + 2 * quoted : out.hi) : Infinity;
  const patch = { slo: out?.lo ?? 0, shi, ...taintPatch(fmt !== undefined ? t : taintOfArgs(rest, st)) };
  if (name === 'sqlite3_snprintf' || name === 'sqlite3_vsnprintf') {
    const cap = vals[0]?.k === 'int' && Number.isFinite(vals[0].hi) ? Math.max(0, vals[0].hi - 1) : Infinity;
    setString(vals[1] ?? UNKNOWN, st, { ...patch, slo: Math.min(patch.slo, cap), shi: Math.min(patch.shi, cap) }, 1);
    return { v: vals[1] ?? UNKNOWN };
  }
  if (name === 'sqlite3_str_appendf') {
    vals.forEach((v) => escape(v, st));
    return { v: UNKNOWN };
  }
  const p = fresh(n, st, run, `the string from ${name}`);
  setString(p, st, patch, 1);
  return { v: p };
}

function taintOfArgs(vals: Val[], st: State): Taint {
  let t: Taint = NO_TAINT;
  for (const v of vals) t = joinTaint(t, taintOf(isTainted(v, st)));
  return t;
}
