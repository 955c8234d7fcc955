import type { SyntaxNode } from '../../../lang/tree-sitter.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { assignedName, conditionTexts, enclosingFunction, mentions } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

const ENV_SINKS = new Set([
  'strcpy', 'strcat', 'sprintf', 'vsprintf', 'system', 'popen', 'execl', 'execlp', 'execle', 'execv', 'execvp',
  'execve', 'fopen', 'freopen', 'open', 'openat', 'creat', 'chdir', 'dlopen', 'putenv', 'setenv', 'unlink', 'remove',
]);

function sinkOf(arg: SyntaxNode): string | undefined {
  const list = arg.parent;
  const call = list?.type === 'argument_list' ? list.parent : undefined;
  const name = call?.childForFieldName('function')?.text;
  return name && ENV_SINKS.has(name) ? name : undefined;
}

export function checkGetenv(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, ['getenv', 'secure_getenv'])) {
    const name = call.childForFieldName('function')?.text ?? 'getenv';
    const suggestion = 'Check for NULL, bound the length and validate the content (allowed characters, absolute path) before use.';
    const direct = sinkOf(call);
    if (direct) {
      out.push(findingFor(HYGIENE_RULES.getenv, suggestion, {
        node: call, pattern: name, confidence: 0.65, severity: 'medium',
        description: `An environment value goes straight into ${direct}() without any validation.`,
      }));
      continue;
    }
    const v = assignedName(call);
    const fn = enclosingFunction(call);
    if (!v || !fn) continue;
    const checked = conditionTexts(fn).some((c) => mentions(c, v));
    const sinkUse = fn
      .descendantsOfType('identifier')
      .find((id) => id.text === v && id.startIndex > call.endIndex && sinkOf(id) !== undefined);
    if (checked && !sinkUse) continue;
    out.push(findingFor(HYGIENE_RULES.getenv, suggestion, {
      node: call, pattern: name,
      confidence: sinkUse ? (checked ? 0.45 : 0.6) : 0.35,
      severity: sinkUse && !checked ? 'medium' : 'low',
      description: sinkUse
        ? `The environment value in ${v} reaches ${sinkOf(sinkUse)}() (line ${sinkUse.startPosition.row + 1})${checked ? ' after only a presence check' : ' without validation'}.`
        : `The environment value in ${v} is used without a NULL check or validation.`,
      trace: sinkUse ? [
        { line: call.startPosition.row + 1, note: `${v} = ${name}(...)` },
        { line: sinkUse.startPosition.row + 1, note: `${v} passed to ${sinkOf(sinkUse)}()` },
      ] : [],
    }));
  }
  return out;
}

const SECRET_WORDS = /key|token|salt|nonce|passw|secret|session|cookie|otp|crypt|auth|\biv\b|challenge/i;

/**
 * rand() is fine for simulations and jitter; it is a flaw where the value must be unguessable.
 * Only those uses are reported: the statement or the function names a key, token, salt, nonce…
 */
export function checkRand(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, ['rand', 'random', 'drand48', 'lrand48', 'mrand48'])) {
    const name = call.childForFieldName('function')?.text ?? 'rand';
    let stmt: SyntaxNode = call;
    while (stmt.parent && !/statement$|^declaration$/.test(stmt.type)) stmt = stmt.parent;
    const fn = enclosingFunction(call)?.childForFieldName('declarator');
    const fnName = fn?.childForFieldName('declarator')?.text ?? fn?.text ?? '';
    if (!SECRET_WORDS.test(stmt.text) && !SECRET_WORDS.test(fnName)) continue;
    out.push(findingFor(HYGIENE_RULES.insecureRand, 'Use getrandom()/arc4random_buf() or another CSPRNG for anything an attacker should not predict.', {
      node: call, pattern: name, confidence: 0.75,
      description: `${name}() output is used for a security-sensitive value; ${HYGIENE_RULES.insecureRand.help}`,
    }));
  }
  return out;
}

interface ApiSpec {
  rule: (typeof HYGIENE_RULES)[keyof typeof HYGIENE_RULES];
  confidence: number;
  suggestion: string;
}

const RISKY: Record<string, ApiSpec> = {
  strtok: { rule: HYGIENE_RULES.strtok, confidence: 0.45, suggestion: 'Use strtok_r() (POSIX) or strtok_s().' },
  tmpnam: { rule: HYGIENE_RULES.tempFile, confidence: 0.8, suggestion: 'Use mkstemp() or tmpfile(), which create and open the file in one step.' },
  tmpnam_r: { rule: HYGIENE_RULES.tempFile, confidence: 0.8, suggestion: 'Use mkstemp() or tmpfile(), which create and open the file in one step.' },
  tempnam: { rule: HYGIENE_RULES.tempFile, confidence: 0.8, suggestion: 'Use mkstemp() or tmpfile(), which create and open the file in one step.' },
  mktemp: { rule: HYGIENE_RULES.tempFile, confidence: 0.8, suggestion: 'Use mkstemp() (or mkdtemp() for directories).' },
  inet_addr: { rule: HYGIENE_RULES.legacyNet, confidence: 0.45, suggestion: 'Use inet_pton(): it reports errors distinctly from 255.255.255.255 and supports IPv6.' },
  inet_ntoa: { rule: HYGIENE_RULES.legacyNet, confidence: 0.45, suggestion: 'Use inet_ntop() with a caller-provided buffer.' },
  gethostbyname: { rule: HYGIENE_RULES.legacyNet, confidence: 0.5, suggestion: 'Use getaddrinfo(): reentrant and IPv6-capable.' },
  gethostbyaddr: { rule: HYGIENE_RULES.legacyNet, confidence: 0.5, suggestion: 'Use getnameinfo(): reentrant and IPv6-capable.' },
  asctime: { rule: HYGIENE_RULES.legacyTime, confidence: 0.45, suggestion: 'Use strftime() with your own buffer.' },
  ctime: { rule: HYGIENE_RULES.legacyTime, confidence: 0.45, suggestion: 'Use ctime_r() or strftime() with your own buffer.' },
  gmtime: { rule: HYGIENE_RULES.legacyTime, confidence: 0.4, suggestion: 'Use gmtime_r() with a caller-owned struct tm.' },
  localtime: { rule: HYGIENE_RULES.legacyTime, confidence: 0.4, suggestion: 'Use localtime_r() with a caller-owned struct tm.' },
};

export function checkRiskyApis(ctx: HygieneContext): RawFinding[] {
  return callsOf(ctx, Object.keys(RISKY)).map((call) => {
    const name = call.childForFieldName('function')?.text.replace(/^(std)?::/, '') ?? '';
    const spec = RISKY[name] ?? RISKY[name.replace(/^std::/, '')] ?? (RISKY.strtok as ApiSpec);
    return findingFor(spec.rule, spec.suggestion, { node: call, pattern: name, confidence: spec.confidence });
  });
}
