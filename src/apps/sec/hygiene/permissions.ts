import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { assignedName, baseText, callArgs, calleeName, declaredName, enclosingFunction, findDeclaration, identifierWords, intLiteral, literalText } from './c-ast.js';
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
  shm_open: { index: 2, umask: true },
  mq_open: { index: 2, umask: true },
  sem_open: { index: 2, umask: true },
};

/** Words of a file name or path that say it holds a secret (`node.key`, `tokens.db`, `id_rsa`). */
const SECRET_FILE = new Set([
  'key', 'keys', 'secret', 'secrets', 'token', 'tokens', 'password', 'passwords', 'passwd', 'credential', 'credentials', 'creds', 'shadow', 'private',
  'priv', 'privkey', 'pem', 'p12', 'pfx', 'jks', 'keystore', 'wallet', 'vault', 'session', 'sessions', 'cookie', 'cookies', 'rsa', 'ed25519', 'ecdsa',
  'htpasswd', 'netrc', 'pgpass', 'apikey', 'otp', 'seed',
]);
/** Calls that write key material into a stream or descriptor, with the index of that stream. */
const WRITES_KEY: Record<string, number> = {
  PEM_write_PrivateKey: 0, PEM_write_RSAPrivateKey: 0, PEM_write_ECPrivateKey: 0, PEM_write_PKCS8PrivateKey: 0, i2d_PrivateKey_fp: 0, i2d_PKCS8PrivateKey_fp: 0,
};
const PATH_ARG: Record<string, number> = { open: 0, openat: 1, creat: 0, chmod: 0, fchmodat: 1, mkdir: 0, mkdirat: 1, mkfifo: 0 };

/** A function of the file that passes one of its parameters on as the mode of open/creat/chmod… (`create_file(dir, name, 0644)`). */
function modeWrappers(ctx: HygieneContext): Map<string, { mode: number; inner: string }> {
  const out = new Map<string, { mode: number; inner: string }>();
  for (const call of callsOf(ctx, Object.keys(MODE_ARG))) {
    const name = call.childForFieldName('function')?.text ?? '';
    const arg = callArgs(call)[MODE_ARG[name]?.index ?? -1];
    if (arg?.type !== 'identifier') continue;
    const fn = enclosingFunction(call);
    // `FILE *create_file(…)`: the function declarator sits under the pointer declarators
    let decl = fn?.childForFieldName('declarator') ?? undefined;
    while (decl && decl.type !== 'function_declarator') decl = decl.childForFieldName('declarator') ?? undefined;
    const fnName = decl?.childForFieldName('declarator')?.text;
    const params = decl?.childForFieldName('parameters')?.namedChildren.filter((p) => p.type === 'parameter_declaration') ?? [];
    const idx = params.findIndex((p) => declaredName(p.childForFieldName('declarator')) === arg.text);
    if (fnName && /^\w+$/.test(fnName) && idx >= 0) out.set(fnName, { mode: idx, inner: name });
  }
  return out;
}

/** The text a path argument is made of: its own text, and the literals of the calls that built it in the function. */
function pathWords(arg: SyntaxNode | undefined, call: SyntaxNode, ctx: HygieneContext): string[] {
  if (!arg) return [];
  const texts = [arg.text];
  const fn = enclosingFunction(call);
  if (arg.type === 'identifier') {
    const decl = findDeclaration(arg.text, fn, ctx.root);
    if (decl?.value) texts.push(decl.value.text);
    if (fn) for (const b of callsOf(ctx, ['snprintf', 'sprintf', 'strcpy', 'strcat', 'strncpy', 'strncat'])) {
      if (b.startIndex < fn.startIndex || b.endIndex > fn.endIndex || b.startIndex > call.startIndex || baseText(callArgs(b)[0]) !== arg.text) continue;
      texts.push(...callArgs(b).slice(1).map((a) => a.text));
    }
  }
  return texts.flatMap((t) => identifierWords(t));
}

/** Is what this call creates (or changes) a secret: by its name, or by key material written to it later? */
function secretFile(call: SyntaxNode, words: string[], ctx: HygieneContext): boolean {
  if (words.some((w) => SECRET_FILE.has(w))) return true;
  const target = assignedName(call);
  const fn = enclosingFunction(call);
  if (!target || !fn) return false;
  return callsOf(ctx, Object.keys(WRITES_KEY)).some((w) => fn.startIndex <= w.startIndex && w.endIndex <= fn.endIndex && w.startIndex > call.startIndex && baseText(callArgs(w)[WRITES_KEY[calleeName(w) ?? ''] ?? 0]) === target);
}

/** A file holding a key, token or password created readable by everyone (mode with o+r). */
function readableSecrets(ctx: HygieneContext, out: RawFinding[]): void {
  const report = (call: SyntaxNode, name: string, mode: number) => {
    const octal = `0${mode.toString(8)}`;
    out.push(findingFor(HYGIENE_RULES.permissions, 'Create files that hold keys, tokens or passwords with mode 0600 (and directories 0700).', {
      node: call, pattern: `${name}(${octal})`, confidence: 0.7,
      description: `${name}() creates a file that holds a secret with mode ${octal}: every user on the system can read it${(mode & 0o002) !== 0 ? ' and change it' : ''}.`,
    }));
  };
  for (const call of callsOf(ctx, ['open', 'openat', 'creat', 'chmod', 'fchmodat'])) {
    const name = call.childForFieldName('function')?.text ?? '';
    const args = callArgs(call);
    const mode = modeValue(args[MODE_ARG[name]?.index ?? -1]);
    if (mode === undefined || (mode & 0o004) === 0) continue;
    if (secretFile(call, pathWords(args[PATH_ARG[name] ?? 0], call, ctx), ctx)) report(call, name, mode);
  }
  // fopen() has no mode: the umask decides, 022 by default, which leaves the file readable by all
  const guarded = callsOf(ctx, ['umask']).some((u) => ((modeValue(callArgs(u)[0]) ?? 0) & 0o004) !== 0);
  if (!guarded) {
    for (const call of callsOf(ctx, ['fopen', 'fopen64'])) {
      const args = callArgs(call);
      const how = literalText(args[1]);
      const fn = enclosingFunction(call);
      if (how === undefined || !/^[wa]/.test(how) || !fn) continue;
      // a later chmod/fchmod of it sets the mode itself
      if (callsOf(ctx, ['fchmod', 'chmod']).some((c) => fn.startIndex <= c.startIndex && c.endIndex <= fn.endIndex)) continue;
      if (!secretFile(call, pathWords(args[0], call, ctx), ctx)) continue;
      out.push(findingFor(HYGIENE_RULES.permissions, 'Create files that hold keys, tokens or passwords with open(…, 0600) or after umask(077).', {
        node: call, pattern: 'fopen', confidence: 0.5,
        description: 'fopen() creates a file that holds a secret with the default mode (0666 less the umask, usually 0644): every user on the system can read it.',
      }));
    }
  }
  const wrappers = modeWrappers(ctx);
  for (const [fnName, w] of wrappers) {
    if (w.inner === 'mkdir' || w.inner === 'mkdirat') continue;
    for (const call of callsOf(ctx, [fnName])) {
      const args = callArgs(call);
      const mode = modeValue(args[w.mode]);
      if (mode === undefined || (mode & 0o004) === 0) continue;
      const words = args.filter((_, i) => i !== w.mode).flatMap((a) => pathWords(a, call, ctx));
      if (secretFile(call, words, ctx)) report(call, fnName, mode);
    }
  }
}

export function checkPermissions(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  readableSecrets(ctx, out);
  const secretLines = new Set(out.map((f) => f.line));
  for (const call of callsOf(ctx, Object.keys(MODE_ARG))) {
    const name = calleeName(call) ?? '';
    const spec = MODE_ARG[name];
    if (!spec || secretLines.has(call.startPosition.row + 1)) continue;
    const mode = modeValue(callArgs(call)[spec.index]);
    if (mode === undefined || (mode & 0o002) === 0) continue;
    const octal = `0${mode.toString(8)}`;
    out.push(findingFor(HYGIENE_RULES.permissions, 'Grant only what is needed (e.g. 0600 for files, 0700 for directories); never write access for others.', {
      node: call,
      pattern: `${name}(${octal})`,
      // a sticky shared directory (01777, like /tmp) lets others add files but not remove theirs
      confidence: spec.umask ? 0.35 : (mode & 0o1000) !== 0 ? 0.4 : 0.8,
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
