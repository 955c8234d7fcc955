import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { baseText, callArgs, calleeName, declaredName, enclosingFunction, isAncestor } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

/** Calls that look at a file by name, with the index of the name argument. */
const CHECKS: Record<string, number> = {
  access: 0, euidaccess: 0, eaccess: 0, faccessat: 1,
  stat: 0, lstat: 0, stat64: 0, lstat64: 0, fstatat: 1, statx: 1,
};
const ACCESS = new Set(['access', 'euidaccess', 'eaccess', 'faccessat']);
/** Calls that act on the name itself, never on what a symbolic link there points to. */
const REMOVES = new Set(['unlink', 'remove', 'rmdir', 'rename']);

/** Calls that act on a file by name, with the indexes of name arguments and whether they change it. */
const USES: Record<string, { args: number[]; modifies: boolean }> = {
  open: { args: [0], modifies: false }, open64: { args: [0], modifies: false }, openat: { args: [1], modifies: false },
  fopen: { args: [0], modifies: false }, fopen64: { args: [0], modifies: false }, freopen: { args: [0], modifies: false },
  creat: { args: [0], modifies: true }, truncate: { args: [0], modifies: true },
  chmod: { args: [0], modifies: true }, chown: { args: [0], modifies: true }, lchown: { args: [0], modifies: true },
  unlink: { args: [0], modifies: true }, remove: { args: [0], modifies: true }, rmdir: { args: [0], modifies: true },
  rename: { args: [0, 1], modifies: true }, link: { args: [0, 1], modifies: true }, symlink: { args: [1], modifies: true },
  utime: { args: [0], modifies: true }, utimes: { args: [0], modifies: true },
  execv: { args: [0], modifies: false }, execve: { args: [0], modifies: false }, execl: { args: [0], modifies: false },
  opendir: { args: [0], modifies: false }, chdir: { args: [0], modifies: false },
};

/** Does this open create or write the file, and does it refuse an existing file (O_EXCL, fopen "x")? */
function openMode(name: string, call: SyntaxNode): { writes: boolean; exclusive: boolean } {
  const args = callArgs(call);
  if (name === 'fopen' || name === 'fopen64' || name === 'freopen') {
    const mode = args[1]?.type === 'string_literal' ? args[1].text : '';
    return { writes: /[wa+]/.test(mode), exclusive: mode.includes('x') };
  }
  if (name === 'open' || name === 'open64' || name === 'openat') {
    const flags = args[name === 'openat' ? 2 : 1]?.text ?? '';
    return { writes: /O_(WRONLY|RDWR|CREAT|TRUNC|APPEND)/.test(flags), exclusive: /O_EXCL/.test(flags) };
  }
  return { writes: USES[name]?.modifies ?? false, exclusive: false };
}

/** The safe pattern: after opening, fstat the descriptor and compare st_ino/st_dev with the earlier check. */
function comparesInode(fn: SyntaxNode, after: number): boolean {
  const text = fn.text.slice(after - fn.startIndex);
  return /\bfstat\s*\(/.test(text) && /\bst_(ino|dev)\b/.test(text);
}

export function checkToctou(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  const uses = callsOf(ctx, Object.keys(USES));
  if (uses.length === 0) return out;
  out.push(...acrossCalls(ctx, uses));
  // stat() then access() then open() is one race, reported once at the open
  const reported = new Set<number>();
  for (const check of callsOf(ctx, Object.keys(CHECKS))) {
    const checkName = calleeName(check) ?? '';
    const name = baseText(callArgs(check)[CHECKS[checkName] ?? 0]);
    const fn = enclosingFunction(check);
    if (!name || !fn) continue;
    const use = uses.find((u) => {
      if (u.startIndex <= check.endIndex || !isAncestor(fn, u)) return false;
      const spec = USES[calleeName(u) ?? ''];
      return spec?.args.some((i) => baseText(callArgs(u)[i]) === name) ?? false;
    });
    if (!use || reported.has(use.id)) continue;
    reported.add(use.id);
    const useName = calleeName(use) ?? '';
    const { writes, exclusive } = openMode(useName, use);
    if (exclusive || comparesInode(fn, use.endIndex)) continue;
    const byAccess = ACCESS.has(checkName);
    // removing or renaming a name after stat() acts on that name, never on the file a swapped-in
    // link points to
    if (!byAccess && REMOVES.has(useName)) continue;
    const confidence = byAccess ? 0.7 : writes ? 0.6 : 0.4;
    const checkLine = check.startPosition.row + 1;
    out.push(findingFor(HYGIENE_RULES.toctou, byAccess
      ? 'Drop the access() check: open the file with the caller\'s rights (or drop privileges first) and handle the open error.'
      : 'Open first, then fstat() the descriptor; or open with O_NOFOLLOW|O_EXCL and compare st_dev/st_ino of the check with the opened file.', {
      node: use,
      pattern: `${checkName}→${useName}`,
      confidence,
      severity: confidence < 0.5 ? 'low' : undefined,
      description: `${name} is checked with ${checkName}() at line ${checkLine} and then used by name in ${useName}(); the file can be replaced between the two calls.`,
      trace: [
        { line: checkLine, note: `${checkName}(${name}) checks the file` },
        { line: use.startPosition.row + 1, note: `${useName}(${name}) acts on whatever the name points to now` },
      ],
    }));
  }
  return out;
}

/** A file name a function works on, as its caller sees it: parameter `index` plus a member path (`->path`). */
interface NameUse {
  call: SyntaxNode;
  name: string;
  param: number;
  suffix: string;
}

function params(fn: SyntaxNode): string[] {
  let d = fn.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  return (d?.childForFieldName('parameters')?.namedChildren ?? []).map((p) => declaredName(p.childForFieldName('declarator')) ?? '');
}

function fnNameOf(fn: SyntaxNode): string | undefined {
  let d = fn.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  return d?.childForFieldName('declarator')?.text;
}

/** `t->path` with t the 2nd parameter → { param: 1, suffix: '.path' }. */
function paramName(text: string, ps: string[]): { param: number; suffix: string } | undefined {
  const m = /^([A-Za-z_]\w*)((?:(?:->|\.)\w+)*)$/.exec(text);
  if (!m) return undefined;
  const i = ps.indexOf(m[1] as string);
  return i < 0 ? undefined : { param: i, suffix: (m[2] ?? '').replace(/->/g, '.') };
}

/** The caller's name for what a callee's parameter path denotes: argument `&t` + `.path` → `t.path`. */
function callerName(arg: SyntaxNode | undefined, suffix: string): string {
  const t = baseText(arg);
  return `${t}${suffix}`.replace(/->/g, '.');
}

/**
 * Between the check and the use, the caller hands the object holding the name to other code of
 * the file, or writes into it (`strcpy(log->end, ".add")`): the name may be another file by then.
 */
function rewrittenBetween(caller: SyntaxNode, check: { at: number; name: string }, use: { at: number }, fns: Map<string, unknown>): boolean {
  const root = /^[A-Za-z_]\w*/.exec(check.name)?.[0];
  if (!root) return false;
  for (const call of caller.descendantsOfType('call_expression')) {
    if (call.startIndex <= check.at || call.startIndex >= use.at) continue;
    const callee = calleeName(call) ?? '';
    const args = callArgs(call);
    const rooted = (a: SyntaxNode | undefined) => /^[A-Za-z_]\w*/.exec(baseText(a))?.[0] === root;
    if (fns.has(callee) && args.some(rooted)) continue;
    if (/^(strcpy|strncpy|strcat|strncat|sprintf|snprintf|memcpy|memmove)$/.test(callee) && rooted(args[0])) return true;
    if (!fns.has(callee) && /^(strcpy|strcat|sprintf|snprintf|memcpy)$/.test(callee)) continue;
    if (args.some(rooted) && !/printf|puts|perror|strlen|strcmp/.test(callee)) return true;
  }
  return false;
}

/**
 * Check and use in different functions of the file: `if (!target_ok(&t)) return; append(&t);`
 * where target_ok lstat()s t->path and append open()s it. Reported at the use.
 */
function acrossCalls(ctx: HygieneContext, uses: SyntaxNode[]): RawFinding[] {
  const fns = new Map<string, { checks: NameUse[]; uses: NameUse[] }>();
  for (const def of ctx.root.descendantsOfType('function_definition')) {
    const name = fnNameOf(def);
    if (!name) continue;
    const ps = params(def);
    const entry = { checks: [] as NameUse[], uses: [] as NameUse[] };
    // the function builds the name itself first (`strcpy(log->end, ".gz")`): not the name it was handed
    const rebuilt = (p: { param: number }, at: SyntaxNode) =>
      def.descendantsOfType('call_expression').some((c) => c.startIndex < at.startIndex && /^(strcpy|strncpy|strcat|strncat|sprintf|snprintf|memcpy)$/.test(calleeName(c) ?? '') && /^[A-Za-z_]\w*/.exec(baseText(callArgs(c)[0]))?.[0] === ps[p.param]);
    for (const check of callsOf(ctx, Object.keys(CHECKS))) {
      if (!isAncestor(def, check)) continue;
      const p = paramName(baseText(callArgs(check)[CHECKS[calleeName(check) ?? ''] ?? 0]), ps);
      if (p && !rebuilt(p, check)) entry.checks.push({ call: check, name: calleeName(check) ?? '', ...p });
    }
    for (const use of uses) {
      if (!isAncestor(def, use)) continue;
      const spec = USES[calleeName(use) ?? ''];
      for (const i of spec?.args ?? []) {
        const p = paramName(baseText(callArgs(use)[i]), ps);
        if (p && !rebuilt(p, use)) entry.uses.push({ call: use, name: calleeName(use) ?? '', ...p });
      }
    }
    // a function that checks a name and also acts on it is a unit of its own (the same-function
    // rule judges it); only a predicate (`target_ok()`) hands its verdict to a later use
    if (entry.checks.length > 0 && entry.uses.length > 0) entry.checks = [];
    if (entry.checks.length > 0 || entry.uses.length > 0) fns.set(name, entry);
  }
  if (fns.size === 0) return [];
  const out: RawFinding[] = [];
  const reported = new Set<number>();
  for (const caller of ctx.root.descendantsOfType('function_definition')) {
    // what the caller checks and then uses, in order, by the caller's name for the file
    const events: Array<{ at: number; kind: 'check' | 'use'; name: string; call: SyntaxNode; what: string; via?: string }> = [];
    for (const call of caller.descendantsOfType('call_expression')) {
      const callee = calleeName(call);
      const f = callee ? fns.get(callee) : undefined;
      if (f && callee !== fnNameOf(caller)) {
        const args = callArgs(call);
        for (const c of f.checks) events.push({ at: call.startIndex, kind: 'check', name: callerName(args[c.param], c.suffix), call: c.call, what: c.name, via: callee });
        for (const u of f.uses) events.push({ at: call.startIndex, kind: 'use', name: callerName(args[u.param], u.suffix), call: u.call, what: u.name, via: callee });
      } else if (callee && CHECKS[callee] !== undefined) {
        events.push({ at: call.startIndex, kind: 'check', name: baseText(callArgs(call)[CHECKS[callee] ?? 0]).replace(/->/g, '.'), call, what: callee });
      } else if (callee && USES[callee]) {
        for (const i of USES[callee]?.args ?? []) events.push({ at: call.startIndex, kind: 'use', name: baseText(callArgs(call)[i]).replace(/->/g, '.'), call, what: callee });
      }
    }
    events.sort((a, b) => a.at - b.at);
    for (const [k, check] of events.entries()) {
      if (check.kind !== 'check' || !check.name) continue;
      const use = events.slice(k + 1).find((e) => e.kind === 'use' && e.name === check.name && e.at > check.at);
      // both in the caller's own body: the same-function rule has it
      if (!use || (!check.via && !use.via) || reported.has(use.call.id)) continue;
      if (rewrittenBetween(caller, check, use, fns)) continue;
      const { writes, exclusive } = openMode(use.what, use.call);
      if (exclusive) continue;
      const useFn = enclosingFunction(use.call);
      if (useFn && comparesInode(useFn, use.call.endIndex)) continue;
      const byAccess = ACCESS.has(check.what);
      if (!byAccess && REMOVES.has(use.what)) continue;
      reported.add(use.call.id);
      const confidence = byAccess ? 0.7 : writes ? 0.6 : 0.4;
      const checkLine = check.call.startPosition.row + 1;
      out.push(findingFor(HYGIENE_RULES.toctou, byAccess
        ? 'Drop the access() check: open the file with the caller\'s rights (or drop privileges first) and handle the open error.'
        : 'Open first, then fstat() the descriptor and check that; or open with O_NOFOLLOW and compare st_dev/st_ino of the check with the opened file.', {
        node: use.call,
        pattern: `${check.what}→${use.what}`,
        confidence,
        severity: confidence < 0.5 ? 'low' : undefined,
        description: `${check.name} is checked with ${check.what}() at line ${checkLine}${check.via ? ` (in ${check.via})` : ''} and then used by name in ${use.what}()${use.via ? ` (in ${use.via})` : ''}; the file can be replaced between the two calls.`,
        trace: [
          { line: checkLine, note: `${check.what}() checks the file` },
          { line: use.call.startPosition.row + 1, note: `${use.what}() acts on whatever the name points to now` },
        ],
      }));
    }
  }
  return out;
}
