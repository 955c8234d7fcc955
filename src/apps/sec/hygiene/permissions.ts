import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { callArgs, calleeName, intLiteral } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

const MODE_NAMES: Record<string, number> = {
  S_IRWXU: 0o700, S_IRUSR: 0o400, S_IWUSR: 0o200, S_IXUSR: 0o100,
  S_IRWXG: 0o070, S_IRGRP: 0o040, S_IWGRP: 0o020, S_IXGRP: 0o010,
  S_IRWXO: 0o007, S_IROTH: 0o004, S_IWOTH: 0o002, S_IXOTH: 0o001,
  S_ISUID: 0o4000, S_ISGID: 0o2000, S_ISVTX: 0o1000,
  ACCESSPERMS: 0o777, ALLPERMS: 0o7777, DEFFILEMODE: 0o666,
};

/** Folds a mode expression made of literals and S_I* names; undefined when it depends on anything else. */
export function modeValue(node: SyntaxNode | undefined): number | undefined {
  if (!node) return undefined;
  const lit = intLiteral(node);
  if (lit !== undefined) return lit;
  if (node.type === 'identifier') return MODE_NAMES[node.text];
  if (node.type === 'parenthesized_expression' || node.type === 'cast_expression') {
    return modeValue(node.type === 'cast_expression' ? (node.childForFieldName('value') ?? undefined) : node.namedChildren[0]);
  }
  if (node.type === 'binary_expression') {
    const l = modeValue(node.childForFieldName('left') ?? undefined);
    const r = modeValue(node.childForFieldName('right') ?? undefined);
    if (l === undefined || r === undefined) return undefined;
    const op = node.childForFieldName('operator')?.text;
    if (op === '|' || op === '+') return l | r;
    if (op === '&') return l & r;
  }
  return undefined;
}

/** Which argument holds the mode, and whether the process umask still applies to it. */
const MODE_ARG: Record<string, { index: number; umask: boolean }> = {
  chmod: { index: 1, umask: false },
  fchmod: { index: 1, umask: false },
  fchmodat: { index: 2, umask: false },
  mkdir: { index: 1, umask: true },
  mkdirat: { index: 2, umask: true },
  open: { index: 2, umask: true },
  openat: { index: 3, umask: true },
  creat: { index: 1, umask: true },
  mkfifo: { index: 1, umask: true },
};

export function checkPermissions(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, Object.keys(MODE_ARG))) {
    const name = calleeName(call) ?? '';
    const spec = MODE_ARG[name];
    if (!spec) continue;
    const mode = modeValue(callArgs(call)[spec.index]);
    if (mode === undefined || (mode & 0o002) === 0) continue;
    const octal = `0${mode.toString(8)}`;
    out.push(findingFor(HYGIENE_RULES.permissions, 'Grant only what is needed (e.g. 0600 for files, 0700 for directories); never write access for others.', {
      node: call,
      pattern: `${name}(${octal})`,
      confidence: spec.umask ? 0.35 : 0.8,
      severity: spec.umask ? 'low' : 'medium',
      description: spec.umask
        ? `${name}() asks for mode ${octal} (world-writable); only the process umask stands between this and a file anyone can modify.`
        : `${name}() sets mode ${octal}: anyone on the system can modify it.`,
    }));
  }
  for (const call of callsOf(ctx, ['umask'])) {
    const mask = modeValue(callArgs(call)[0]);
    if (mask === undefined || (mask & 0o002) !== 0) continue;
    out.push(findingFor(HYGIENE_RULES.permissions, 'Keep at least 022 (or 077 for private data) in the umask.', {
      node: call,
      pattern: `umask(0${mask.toString(8)})`,
      confidence: 0.65,
      description: `umask(0${mask.toString(8)}) lets files created afterwards be world-writable.`,
    }));
  }
  return out;
}
