import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { baseText, callArgs, calleeName, enclosingFunction, isAncestor } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

/** Calls that look at a file by name, with the index of the name argument. */
const CHECKS: Record<string, number> = {
  access: 0, euidaccess: 0, eaccess: 0, faccessat: 1,
  stat: 0, lstat: 0, stat64: 0, lstat64: 0, fstatat: 1, statx: 1,
};
const ACCESS = new Set(['access', 'euidaccess', 'eaccess', 'faccessat']);
const REMOVES = new Set(['unlink', 'remove', 'rmdir']);

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
    // removing a name after stat() removes that name, never the file a swapped-in link points to
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
