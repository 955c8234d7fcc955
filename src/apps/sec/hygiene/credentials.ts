import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { baseText, callArgs, declaredName, enclosingFunction, findDeclaration, identifierWords, literalText, stripCasts } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

/** Authentication and crypto calls, with the indexes of their password/key/passphrase arguments. */
const SECRET_ARGS: Record<string, number[]> = {
  mysql_real_connect: [3], mysql_change_user: [2], PQsetdbLogin: [6],
  sqlite3_key: [1], sqlite3_key_v2: [2], sqlite3_rekey: [1],
  ldap_simple_bind: [2], ldap_simple_bind_s: [2], ldap_bind_s: [2],
  ssh_userauth_password: [2], libssh2_userauth_password: [2], libssh2_userauth_password_ex: [3],
  SSL_CTX_set_default_passwd_cb_userdata: [1], SSL_set_default_passwd_cb_userdata: [1],
  PEM_read_bio_PrivateKey: [3], PEM_read_PrivateKey: [3], PEM_write_bio_PrivateKey: [3], PEM_write_PrivateKey: [3],
  PKCS12_parse: [1], PKCS12_create: [0],
  EVP_BytesToKey: [3], PKCS5_PBKDF2_HMAC: [0], PKCS5_PBKDF2_HMAC_SHA1: [0], EVP_PBE_scrypt: [0],
  EVP_EncryptInit: [2], EVP_DecryptInit: [2], EVP_CipherInit: [2],
  EVP_EncryptInit_ex: [3], EVP_DecryptInit_ex: [3], EVP_CipherInit_ex: [3],
  EVP_EncryptInit_ex2: [2], EVP_DecryptInit_ex2: [2], EVP_CipherInit_ex2: [2],
  EVP_PKEY_new_mac_key: [2], EVP_PKEY_new_raw_private_key: [2],
  HMAC: [1], HMAC_Init: [1], HMAC_Init_ex: [1],
  AES_set_encrypt_key: [0], AES_set_decrypt_key: [0], BF_set_key: [2], RC4_set_key: [2],
  mbedtls_aes_setkey_enc: [1], mbedtls_aes_setkey_dec: [1], mbedtls_md_hmac_starts: [1], mbedtls_md_hmac: [1], mbedtls_pk_parse_keyfile: [2],
  crypto_secretbox_easy: [4], crypto_secretbox_open_easy: [4], crypto_auth: [3],
  crypt: [0], crypt_r: [0],
};

/** curl options whose value is a password or a bearer token. */
const CURL_SECRET_OPTS = /^CURLOPT_(PASSWORD|USERPWD|PROXYPASSWORD|PROXYUSERPWD|KEYPASSWD|SSLKEYPASSWD|XOAUTH2_BEARER|TLSAUTH_PASSWORD)$/;
/** Connection strings that carry a password: `password=…`, `scheme://user:pass@host`. */
const CONNINFO_SECRET = /\bpassword\s*=\s*[^\s'"]|:\/\/[^:/@\s]+:[^@\s]+@/i;
const CONNINFO_CALLS = new Set(['PQconnectdb', 'PQconnectStart', 'PQconnectdbParams']);
const COMPARES = ['strcmp', 'strncmp', 'strcasecmp', 'strncasecmp', 'memcmp', 'bcmp', 'CRYPTO_memcmp', 'timingsafe_bcmp', 'wcscmp'];

const SECRET_WORD = new Set(['password', 'passwd', 'passphrase', 'passcode', 'pass', 'pwd', 'pw', 'secret', 'apikey', 'credential', 'credentials', 'privkey', 'psk']);
/** Words that make `key`/`token` a secret when they come right before it (`api_key`, `auth_token`). */
const KEY_QUALIFIER = new Set(['api', 'private', 'secret', 'access', 'auth', 'bearer', 'refresh', 'session', 'aes', 'hmac', 'enc', 'encryption', 'master', 'signing', 'crypto', 'cipher', 'shared', 'unlock', 'admin', 'root', 'service', 'license', 'activation', 'backdoor']);
/** In a comparison with a literal that looks random, these alone name what is being checked (`key`, `pin`). */
const LOOSE_WORD = new Set(['key', 'token', 'pin', 'code', 'unlock', 'auth', 'otp']);
/** Names that hold something about a secret rather than the secret (`PASSWORD_ENV`, `key_file`, `pwd_len`). */
const NOT_SECRET = new Set(['len', 'length', 'size', 'file', 'path', 'env', 'name', 'prompt', 'field', 'label', 'hint', 'fmt', 'format', 'var', 'header', 'url', 'id', 'type', 'count', 'max', 'min', 'policy', 'pattern', 'regex', 'dir', 'option', 'opt', 'flag', 'arg', 'msg', 'message', 'error', 'err', 'prefix', 'suffix', 'param', 'buf']);

/** Does the identifier name a password, key or token (and not its length, file or prompt)? */
export function namesSecret(name: string): boolean {
  const words = identifierWords(name);
  if (words.some((w) => NOT_SECRET.has(w))) return false;
  return words.some((w, i) => SECRET_WORD.has(w) || ((w === 'key' || w === 'token') && KEY_QUALIFIER.has(words[i - 1] ?? '')));
}

/**
 * Could this literal be a real secret? Empty strings, prompts ("Password: "), environment variable
 * names (`DB_PASSWORD`), formats, file names and placeholders are not.
 */
export function plausibleSecret(text: string): boolean {
  if (text.length < 4 || /\s/.test(text) || /[:?]$/.test(text)) return false;
  if (/^[A-Z][A-Z0-9_]*$/.test(text) && !serialLike(text)) return false;
  if (/%|[<>${}]/.test(text) || /^(.)\1*$/.test(text)) return false;
  if (text.includes('/') || /\.(pem|key|crt|cer|der|p12|pfx|txt|conf|cfg|json|ya?ml)$/i.test(text)) return false;
  return true;
}

/**
 * Does a literal look like key material rather than a word: written-out bytes (`\\x4a\\x91…`),
 * or letters mixed with digits and symbols or with both cases (`Maint#2019!`, `9f3aC1e0…`).
 */
export function looksRandom(text: string): boolean {
  if ((text.match(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3})/g) ?? []).length >= 4) return true;
  if (text.length < 6 || !plausibleSecret(text)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(text)).length;
  return (classes >= 3 && /[0-9]/.test(text)) || (/^[0-9a-fA-F]{16,}$/.test(text) && /[0-9]/.test(text) && /[a-fA-F]/.test(text)) || serialLike(text);
}

/**
 * A licence or serial key in one case (`X7Q299LKZZ31PLM0`): twelve or more letters and digits
 * that keep switching between the two, as no word or name (`SHA256WITHRSA`, `UTF8`) does.
 */
function serialLike(text: string): boolean {
  if (!/^[A-Z0-9]{12,}$/.test(text) && !/^[a-z0-9]{12,}$/.test(text)) return false;
  const switches = (text.match(/[A-Za-z](?=[0-9])|[0-9](?=[A-Za-z])/g) ?? []).length;
  return switches >= 5;
}

/** Is `name` (with the literal it is compared with) about a secret? */
function secretContext(name: string, literal: string): boolean {
  if (namesSecret(name)) return true;
  const words = identifierWords(name);
  return !words.some((w) => NOT_SECRET.has(w)) && words.some((w) => LOOSE_WORD.has(w)) && looksRandom(literal);
}

/** Test code and fixtures hold made-up secrets on purpose. */
const TEST_PATH = /(^|\/)(tests?|testing|unit_?tests?|spec|fixtures?|mocks?|examples?|samples?|demos?)\/|(^|\/)(test_[^/]*|[^/]*_test\.[^/]*|[^/]*\.test\.[^/]*)$/i;

/** The literal behind an argument: the string itself, a constant initialised with one, or a `#define` of one. */
function constantBehind(arg: SyntaxNode | undefined, ctx: HygieneContext): { text: string; decl?: SyntaxNode } | undefined {
  const n = stripCasts(arg);
  if (!n) return undefined;
  const direct = literalText(n);
  if (direct !== undefined) return { text: direct };
  if (n.type !== 'identifier') return undefined;
  const decl = findDeclaration(n.text, enclosingFunction(n), ctx.root);
  if (!decl?.value) return undefined;
  if (decl.declarator.type === 'preproc_def') {
    const text = defineLiteral(decl.value);
    return text !== undefined ? { text, decl: decl.declarator } : undefined;
  }
  const lit = literalText(decl.value);
  if (lit !== undefined) return { text: lit, decl: decl.declarator };
  // key bytes written out: `static const unsigned char key[16] = { 0x01, … }`
  const list = decl.value.type === 'initializer_list' ? decl.value.namedChildren : [];
  if (list.length >= 8 && list.every((c) => c.type === 'number_literal' || c.type === 'char_literal')) return { text: decl.value.text, decl: decl.declarator };
  return undefined;
}

/** The string a `#define NAME "text"` stands for (its value is raw preprocessor text, not a literal node). */
function defineLiteral(value: SyntaxNode | null | undefined): string | undefined {
  return /^\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(value?.text ?? '')?.[1];
}

function lineOf(n: SyntaxNode): number {
  return n.startPosition.row + 1;
}

type Report = (node: SyntaxNode, pattern: string, confidence: number, description: string, decl?: SyntaxNode) => void;

export function checkCredentials(ctx: HygieneContext): RawFinding[] {
  if (TEST_PATH.test(ctx.file)) return [];
  const out: RawFinding[] = [];
  // a named constant reported where a call uses it is not reported again at its definition
  const usedDecls = new Set<number>();
  const report: Report = (node, pattern, confidence, description, decl) => {
    if (decl) usedDecls.add(decl.id);
    out.push(findingFor(HYGIENE_RULES.hardcodedCredential, 'Read the secret at run time (a protected config file, the environment, a secrets manager or a prompt); rotate the one that is in the code.', {
      node, pattern, confidence, description,
      trace: decl && lineOf(decl) !== lineOf(node) ? [{ line: lineOf(decl), note: 'secret written in the source' }, { line: lineOf(node), note: `used by ${pattern}` }] : [],
    }));
  };
  secretArguments(ctx, report);
  for (const call of callsOf(ctx, COMPARES)) {
    const [a, b] = callArgs(call);
    comparison(call, a, b, call.childForFieldName('function')?.text ?? 'strcmp', report, ctx);
  }
  namedSecrets(ctx, usedDecls, report);
  tableSecrets(ctx, report);
  embeddedSecrets(ctx, report);
  return out;
}

/**
 * Functions declared in the file (a vendor's prototype, or the program's own) with a parameter
 * named for a secret (`vdb_connect(const char *host, const char *user, const char *password)`):
 * the index of each such parameter, by function name.
 */
function declaredSecretParams(ctx: HygieneContext): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const fd of ctx.root.descendantsOfType('function_declarator')) {
    const name = declaredName(fd);
    const params = fd.childForFieldName('parameters');
    if (!name || !params || SECRET_ARGS[name]) continue;
    const idx: number[] = [];
    params.namedChildren.filter((p) => p.type === 'parameter_declaration').forEach((p, i) => {
      const pn = declaredName(p.childForFieldName('declarator'));
      if (pn && namesSecret(pn)) idx.push(i);
    });
    if (idx.length > 0) out.set(name, idx);
  }
  return out;
}

function secretArguments(ctx: HygieneContext, report: Report): void {
  const declared = declaredSecretParams(ctx);
  for (const call of callsOf(ctx, declared.keys())) {
    const name = call.childForFieldName('function')?.text ?? '';
    const args = callArgs(call);
    for (const i of declared.get(name) ?? []) {
      const lit = constantBehind(args[i], ctx);
      if (!lit || (!lit.text.startsWith('{') && !plausibleSecret(lit.text))) continue;
      report(call, name, 0.75, `Argument ${i + 1} of ${name}(), declared as a password or key, is a constant written in the source.`, lit.decl);
      break;
    }
  }
  for (const call of callsOf(ctx, [...Object.keys(SECRET_ARGS), 'curl_easy_setopt', ...CONNINFO_CALLS])) {
    const name = call.childForFieldName('function')?.text.replace(/^(std)?::/, '') ?? '';
    const args = callArgs(call);
    if (name === 'curl_easy_setopt') {
      const lit = CURL_SECRET_OPTS.test(baseText(args[1])) ? constantBehind(args[2], ctx) : undefined;
      if (lit && plausibleSecret(lit.text.replace(/^[^:]*:/, ''))) report(call, `curl_easy_setopt(${baseText(args[1])})`, 0.8, `${baseText(args[1])} is set from a password written in the source.`, lit.decl);
      continue;
    }
    if (CONNINFO_CALLS.has(name)) {
      const lit = constantBehind(args[0], ctx);
      if (lit && CONNINFO_SECRET.test(lit.text)) report(call, name, 0.8, `The connection string given to ${name}() contains a password.`, lit.decl);
      continue;
    }
    for (const i of SECRET_ARGS[name] ?? []) {
      const lit = constantBehind(args[i], ctx);
      // written-out key bytes are always a secret; a literal must look like one
      if (!lit || (!lit.text.startsWith('{') && !plausibleSecret(lit.text))) continue;
      report(call, name, 0.8, `Argument ${i + 1} of ${name}() (a password or key) is a constant written in the source.`, lit.decl);
      break;
    }
  }
}

/**
 * `strcmp(password, "hunter2")`, `pass == "hunter2"`, `memcmp(key, MASTER_KEY, 16)`: input checked
 * against a secret in the code (a literal, or a constant or `#define` of one).
 */
function comparison(node: SyntaxNode, a: SyntaxNode | undefined, b: SyntaxNode | undefined, pattern: string, report: Report, ctx?: HygieneContext): void {
  for (const [lit, other] of [[a, b], [b, a]] as const) {
    const direct = literalText(lit);
    const behind = direct === undefined && ctx ? constantBehind(lit, ctx) : undefined;
    const text = direct ?? behind?.text;
    if (text === undefined || (!text.startsWith('{') && !plausibleSecret(text))) continue;
    const otherName = baseText(other).replace(/.*(->|\.)/, '');
    const constName = behind ? baseText(stripCasts(lit)) : '';
    // or a literal that looks like key material compared inside a function named for a secret (`check_password`)
    const fnName = ctx && looksRandom(text) ? functionName(node) : '';
    if (!secretContext(otherName, text) && !(constName && secretContext(constName, text)) && !(fnName && namesSecret(fnName))) continue;
    report(node, pattern, 0.75, `${otherName || 'The input'} is compared with a secret written in the source.`, behind?.decl);
    return;
  }
}

function functionName(node: SyntaxNode): string {
  let d = enclosingFunction(node)?.childForFieldName('declarator') ?? undefined;
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator') ?? undefined;
  return d?.childForFieldName('declarator')?.text ?? '';
}

/** Field names of the structs (and typedef'd structs) the file defines, in order. */
function structFields(ctx: HygieneContext): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const spec of ctx.root.descendantsOfType('struct_specifier')) {
    const body = spec.childForFieldName('body');
    if (!body) continue;
    const fields = body.namedChildren.filter((f) => f.type === 'field_declaration').flatMap((f) => f.childrenForFieldName('declarator').map((d) => declaredName(d) ?? ''));
    const name = spec.childForFieldName('name')?.text;
    if (name) out.set(name, fields);
    const td = spec.parent?.type === 'type_definition' ? spec.parent.childForFieldName('declarator')?.text : undefined;
    if (td) out.set(td, fields);
  }
  return out;
}

/** `{ "operator", "0p3r@tor!" }` in a table of structs with a `password` field, or `.password = "…"`. */
function tableSecrets(ctx: HygieneContext, report: Report): void {
  // a struct with a field named for a secret, and a brace initialiser with a string in it
  // (`\b\w*` before the word would change nothing but the time the test takes)
  if (!/(pass|pwd|secret|token|key|cred)\w*\s*(\[[^\]]*\])?\s*;/i.test(ctx.source()) || !/\{[^}]*"[^"]*"\s*[,}]/.test(ctx.source())) return;
  const fields = structFields(ctx);
  if (fields.size === 0) return;
  for (const decl of ctx.root.descendantsOfType('declaration')) {
    const type = decl.childForFieldName('type');
    const typeName = type?.type === 'struct_specifier' ? type.childForFieldName('name')?.text : type?.text;
    const names = typeName ? fields.get(typeName) : undefined;
    if (!names?.some((n) => namesSecret(n))) continue;
    for (const d of decl.childrenForFieldName('declarator')) {
      const value = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
      if (value?.type !== 'initializer_list') continue;
      // an array of structs ({ {…}, {…} }) or one struct ({…})
      const rows = value.namedChildren.some((c) => c.type === 'initializer_list') ? value.namedChildren.filter((c) => c.type === 'initializer_list') : [value];
      // one finding per table: the first secret in it
      let reported = false;
      for (const row of rows) {
        row.namedChildren.filter((c) => c.type !== 'comment').forEach((item, i) => {
          if (reported) return;
          let field = names[i];
          let lit: SyntaxNode | null = item;
          if (item.type === 'initializer_pair') {
            field = item.childForFieldName('designator')?.text.replace(/^\./, '') ?? item.namedChildren[0]?.text.replace(/^\./, '');
            lit = item.childForFieldName('value');
          }
          const text = literalText(lit);
          if (!field || !lit || text === undefined || !namesSecret(field) || !plausibleSecret(text)) return;
          reported = true;
          report(lit, field, 0.65, `The '${field}' of an entry in ${declaredName(d) ?? 'a table'} is a secret written in the source.`);
        });
      }
    }
  }
}

/** Credentials inside a longer literal: an HTTP header, a query string, a URL, a key block, a well-known token format. */
const EMBEDDED: { re: RegExp; what: string }[] = [
  { re: /\bAuthorization:\s*(?:Bearer|Basic|Token|Digest)\s+([A-Za-z0-9._~+/=-]{8,})/i, what: 'an Authorization header' },
  { re: /\b(?:X-)?(?:Api|Auth|Access)[-_]?(?:Key|Token|Secret):\s*([A-Za-z0-9._~+/=-]{8,})/i, what: 'an API key header' },
  { re: /(?:^|[?&;\s])(?:api_?key|apikey|access_token|auth_token|client_secret|password|passwd|pwd|secret)=([^&\s%"';]{6,})/i, what: 'a credential parameter' },
  { re: /:\/\/[^:/@\s]+:([^@\s%/]{4,})@/, what: 'a URL with a password' },
  { re: /(-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----)/, what: 'a private key' },
  { re: /\b(AKIA[0-9A-Z]{16}|(?:sk|rk)_live_[0-9a-zA-Z]{16,}|gh[pousr]_[A-Za-z0-9]{30,}|xox[baprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{35})\b/, what: 'an access token' },
];
const EMBEDDED_HINT = /Authorization:|Api[-_]?Key|Auth[-_]?Token|Access[-_]?(Key|Token)|_?key=|token=|secret=|passw(or)?d=|pwd=|:\/\/[^:/@\s"]+:[^@\s"]+@|PRIVATE KEY|AKIA|_live_|gh[pousr]_|xox[baprs]-|AIza/i;
/** Values that stand for a secret someone fills in: `<token>`, `YOUR_API_KEY`, `xxxx`, `changeme`. */
const PLACEHOLDER = /^(x+|\*+|\.+|<.*>?|\$.*|\{.*|.*(example|changeme|placeholder|your[_-]?|dummy|redacted|sample|xxxx).*)$/i;
/** an environment variable's or macro's name, not its value */
const UPPER_NAME = /^[A-Z][A-Z0-9_]*$/;

function embeddedSecrets(ctx: HygieneContext, report: Report): void {
  if (!EMBEDDED_HINT.test(ctx.source())) return;
  for (const lit of ctx.root.descendantsOfType('string_literal')) {
    const text = literalText(lit);
    if (text === undefined || !EMBEDDED_HINT.test(text)) continue;
    for (const { re, what } of EMBEDDED) {
      const m = re.exec(text);
      const value = m?.[1];
      if (!value || (what !== 'a private key' && (PLACEHOLDER.test(value) || UPPER_NAME.test(value) || /^(.)\1*$/.test(value)))) continue;
      report(lit, 'string literal', 0.7, `The literal holds ${what} written in the source.`);
      break;
    }
  }
}

const WORD = '(?:pass|pwd|secret|key|token|cred|psk)';
/** A secret-ish name next to a string literal: `= "…"`, `[] = "…"`, `== "…"`, `#define NAME "…"`, `"…" == name`. */
const NAMED_LITERAL = new RegExp(
  `${WORD}\\w*\\s*(?:\\[[^\\]\\n]*\\]\\s*)?(?:[=!]=|=)\\s*(?:\\([^)\\n]*\\)\\s*)?[LuU8]*"|${WORD}\\w*[ \\t]+"|"\\s*[=!]=\\s*\\w*${WORD}`,
  'i',
);

/** `const char *db_password = "hunter2";` (or a `#define`) that the code then uses. */
function namedSecrets(ctx: HygieneContext, usedDecls: Set<number>, report: Report): void {
  // cheap filter first: walking every declaration of every file costs more than this regex
  if (!NAMED_LITERAL.test(ctx.source())) return;
  for (const node of ctx.root.descendantsOfType(['init_declarator', 'preproc_def', 'assignment_expression', 'binary_expression'])) {
    let name: string | undefined;
    let text: string | undefined;
    if (node.type === 'binary_expression') {
      const op = node.childForFieldName('operator')?.text;
      if (op === '==' || op === '!=') comparison(node, node.childForFieldName('left') ?? undefined, node.childForFieldName('right') ?? undefined, op, report, ctx);
      continue;
    }
    if (node.type === 'preproc_def') {
      name = node.childForFieldName('name')?.text;
      text = defineLiteral(node.childForFieldName('value'));
    } else if (node.type === 'init_declarator') {
      name = declaredName(node);
      text = literalText(node.childForFieldName('value'));
    } else {
      name = baseText(node.childForFieldName('left') ?? undefined).replace(/.*(->|\.)/, '');
      text = node.childForFieldName('operator')?.text === '=' ? literalText(node.childForFieldName('right')) : undefined;
    }
    // only plain names: `keys[i] = "…"` or `*p = "…"` say nothing about what the value is
    if (!name || !/^\w+$/.test(name) || text === undefined || usedDecls.has(node.id) || !namesSecret(name) || !plausibleSecret(text)) continue;
    if (!usedElsewhere(ctx, name, node)) continue;
    report(node, name, 0.6, `${name} holds a secret written in the source.`);
  }
}

/** Is `name` read anywhere outside its own definition (so the secret really is used)? */
function usedElsewhere(ctx: HygieneContext, name: string, def: SyntaxNode): boolean {
  const re = new RegExp(`(^|[^A-Za-z0-9_])${name}($|[^A-Za-z0-9_])`, 'g');
  for (const m of ctx.source().matchAll(re)) {
    const at = (m.index ?? 0) + (m[1]?.length ?? 0);
    if (at < def.startIndex || at >= def.endIndex) return true;
  }
  return false;
}
