/**
 * Broken or risky cryptography (CWE-327/328/329): ciphers that are broken or too small (DES,
 * 3DES, RC4, RC2, Blowfish, CAST5, IDEA), ECB mode, MD5/SHA-1/MD4 used for passwords, signatures
 * or anything else an attacker must not forge, an IV that is a constant, and the hand-rolled
 * "encryption" that XORs data with a repeating key. A digest is judged by what the code does with
 * it: MD5 for a cache key, ETag or a checksum the code names as such is not reported, nor is
 * HMAC-SHA1 (HMAC does not rely on collision resistance; TOTP uses it by standard).
 */
import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { baseText, callArgs, calleeName, enclosingFunction, findDeclaration, identifierWords, literalText, stripCasts } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

/** Cipher constructors and legacy cipher APIs that are broken, or have a 64-bit block or a short key. */
const WEAK_CIPHER = /^(EVP_(des|desx|rc4|rc2|bf|cast5|idea|rc5)(_\w+)?|DES_\w+|des_\w+|RC4|RC4_set_key|RC2_\w+|BF_\w+|CAST_\w+|IDEA_\w+|mbedtls_(des|des3|arc4|blowfish|xtea)_\w+|CC_DES\w*)$/;
/** ECB mode: every block encrypted alone, so equal blocks give equal ciphertext. */
const ECB = /^(EVP_\w+_ecb|AES_ecb_encrypt|mbedtls_aes_crypt_ecb|Camellia_ecb_encrypt|SM4_ecb\w*)$/;
/** Algorithm names given as text (`EVP_get_cipherbyname("des-cbc")`, `EVP_MD_fetch(…, "MD5", …)`). */
const BY_NAME: Record<string, number> = { EVP_get_cipherbyname: 0, EVP_get_digestbyname: 0, EVP_CIPHER_fetch: 1, EVP_MD_fetch: 1 };
const WEAK_NAME = /^(des|des-\w+|des3|desx|rc4(-\w+)?|rc2(-\w+)?|bf(-\w+)?|blowfish|cast5?(-\w+)?|idea(-\w+)?|[\w-]+-ecb)$/i;
const WEAK_DIGEST_NAME = /^(md5|md4|md2|sha1|sha-1|ssl3-md5|ssl3-sha1)$/i;
/** Constants of other libraries naming a weak algorithm or ECB. */
const WEAK_CONSTANT = /^(CALG_(DES|3DES|3DES_112|RC2|RC4|MD5|MD4|SHA1?)|GCRY_CIPHER_(DES|3DES|ARCFOUR|BLOWFISH|CAST5|IDEA|MODE_ECB)|MBEDTLS_CIPHER_(DES\w*|ARC4_128|BLOWFISH\w*|\w+_ECB)|MBEDTLS_MODE_ECB|kCCAlgorithm(DES|3DES|RC4|RC2|Blowfish|CAST)|kCCOptionECBMode)$/;
const WEAK_CONSTANT_HINT = /CALG_|GCRY_CIPHER_|MBEDTLS_CIPHER_|MBEDTLS_MODE_ECB|kCCAlgorithm|kCCOptionECBMode/;

/** Digest functions and constructors of weak hashes. */
const WEAK_DIGEST = /^(MD5|MD5_Init|MD5_Update|MD4|MD4_Init|MD2|SHA1|SHA1_Init|SHA_Init|EVP_md5|EVP_md4|EVP_md2|EVP_sha1|EVP_md5_sha1|mbedtls_md5\w*|mbedtls_sha1\w*|CC_MD5|CC_MD5_Init|CC_SHA1|CC_SHA1_Init|gnutls_hash_fast)$/;
/** Calls whose first argument is the hash (HMAC and the like) or that sign or derive with it. */
const MAC_CALLS = new Set(['HMAC', 'HMAC_Init', 'HMAC_Init_ex', 'EVP_PKEY_CTX_set_hkdf_md']);
const SIGN_CALLS = new Set(['EVP_DigestSignInit', 'EVP_DigestVerifyInit', 'EVP_SignInit', 'EVP_SignInit_ex', 'EVP_VerifyInit', 'EVP_VerifyInit_ex', 'RSA_sign', 'RSA_verify', 'X509_sign', 'X509_REQ_sign', 'X509_CRL_sign', 'ECDSA_sign', 'DSA_sign', 'PKCS7_sign', 'CMS_sign', 'EVP_PKEY_CTX_set_signature_md']);
const KDF_CALLS = new Set(['PKCS5_PBKDF2_HMAC', 'EVP_BytesToKey', 'PKCS12_key_gen_asc']);

/** What a digest is for, from the names around it: security words … */
const SECURITY_WORDS = new Set([
  'password', 'passwd', 'passphrase', 'passcode', 'pass', 'pwd', 'pw', 'secret', 'credential', 'credentials', 'cred', 'creds', 'token', 'auth',
  'authenticate', 'authentication', 'login', 'sign', 'signed', 'signature', 'sig', 'signing', 'mac', 'hmac', 'license', 'licence', 'session', 'cookie',
  'nonce', 'salt', 'otp', 'apikey', 'privkey', 'certificate', 'cert', 'firmware', 'integrity', 'tamper', 'pin', 'unlock', 'shadow', 'hashpw', 'htpasswd',
]);
/** … words that say the digest only names data nobody forges (a cache key, an ETag, a bucket) … */
const BENIGN_WORDS = new Set([
  'cache', 'cached', 'etag', 'bucket', 'shard', 'partition', 'dedup', 'dedupe', 'deduplicate', 'hashtable', 'memo', 'bloom', 'thumbnail', 'thumb',
  'avatar', 'gravatar', 'uuid', 'guid', 'color', 'colour',
]);
/** … and words of a plain checksum, which security words around it outweigh. */
const CHECKSUM_WORDS = new Set(['checksum', 'cksum', 'crc', 'fingerprint', 'content', 'chunk', 'sum', 'md5sum', 'sha1sum', 'lookup', 'index', 'table']);

const SUGGEST_CIPHER = 'Use AES-GCM or ChaCha20-Poly1305 (EVP_aes_256_gcm, EVP_chacha20_poly1305) with a random IV from RAND_bytes/getrandom for every message.';
const SUGGEST_DIGEST = 'Hash passwords with a slow salted KDF (argon2, scrypt, bcrypt, PBKDF2-HMAC-SHA256 with a high count); sign and check integrity with SHA-256 or better.';
const SUGGEST_IV = 'Take a fresh IV from RAND_bytes/getrandom for every encryption and store it beside the ciphertext; never a constant or all zeros.';
const SUGGEST_XOR = 'XOR with a repeating key is no encryption: use an authenticated cipher (AES-GCM, ChaCha20-Poly1305) with a key from a KDF.';

function fnName(fn: SyntaxNode | undefined): string {
  const d = fn?.childForFieldName('declarator');
  return d?.childForFieldName('declarator')?.text ?? d?.text.replace(/\(.*/s, '') ?? '';
}

function wordsOf(text: string): string[] {
  return [...text.matchAll(/[A-Za-z_]\w*/g)].flatMap((m) => [...identifierWords(m[0]), m[0].toLowerCase()]);
}

/** The call a node is an argument of, and its name. */
function outerCall(node: SyntaxNode): { call: SyntaxNode; name: string } | undefined {
  const list = node.parent;
  const call = list?.type === 'argument_list' ? list.parent : undefined;
  const name = call ? calleeName(call) : undefined;
  return call && name ? { call, name } : undefined;
}

/**
 * What a weak digest here is used for: 'security' (passwords, tokens, signatures…), 'benign'
 * (a cache key, ETag, checksum), or undefined when the code does not say.
 */
function digestUse(call: SyntaxNode, ctx: HygieneContext): 'security' | 'benign' | undefined {
  const fn = enclosingFunction(call);
  // the statement holding the call: what goes in, where the digest goes
  let stmt: SyntaxNode = call;
  while (stmt.parent && !/statement$|^declaration$/.test(stmt.type)) stmt = stmt.parent;
  const around = [fnName(fn), stmt.text.replace(/"(?:[^"\\]|\\.)*"/g, ' ')];
  // EVP_DigestInit(ctx, EVP_md5()) hashes what EVP_DigestUpdate gets in the same function
  if (fn) for (const u of callsOf(ctx, ['EVP_DigestUpdate', 'MD5_Update', 'SHA1_Update', 'EVP_DigestFinal_ex', 'MD5_Final', 'SHA1_Final'])) if (fn.startIndex <= u.startIndex && u.endIndex <= fn.endIndex) around.push(callArgs(u).map((a) => a.text).join(' '));
  const words = wordsOf(around.join(' '));
  if (words.some((w) => BENIGN_WORDS.has(w))) return 'benign';
  if (words.some((w) => SECURITY_WORDS.has(w))) return 'security';
  if (words.some((w) => CHECKSUM_WORDS.has(w))) return 'benign';
  return undefined;
}

export function checkCrypto(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  const seenLines = new Set<number>();
  const push = (node: SyntaxNode, suggestion: string, pattern: string, confidence: number, description: string) => {
    const line = node.startPosition.row + 1;
    if (seenLines.has(line)) return;
    seenLines.add(line);
    out.push(findingFor(HYGIENE_RULES.weakCrypto, suggestion, { node, pattern, confidence, description }));
  };
  // one finding per function for a weak cipher: RC4_set_key then RC4, DES_set_key then DES_ecb_encrypt
  const cipherFns = new Set<number>();
  for (const [name, calls] of ctx.calls) {
    const cipher = WEAK_CIPHER.test(name);
    const ecb = ECB.test(name);
    const digest = WEAK_DIGEST.test(name);
    if (!cipher && !ecb && !digest && !(name in BY_NAME)) continue;
    for (const call of calls) {
      if (cipher || ecb) {
        const fnId = enclosingFunction(call)?.id ?? -1;
        if (cipherFns.has(fnId)) continue;
        cipherFns.add(fnId);
        push(call, SUGGEST_CIPHER, name, 0.75, ecb
          ? `${name} encrypts in ECB mode: equal plaintext blocks give equal ciphertext blocks, so the structure of the data shows through.`
          : `${name} uses a broken or obsolete cipher (DES/3DES/RC4/RC2/Blowfish/CAST/IDEA: small keys, 64-bit blocks or biased key streams).`);
        continue;
      }
      if (name in BY_NAME) {
        const alg = literalText(callArgs(call)[BY_NAME[name] as number]);
        if (alg === undefined) continue;
        if (WEAK_NAME.test(alg)) push(call, SUGGEST_CIPHER, name, 0.75, `${name}("${alg}") selects a broken or obsolete cipher or ECB mode.`);
        else if (WEAK_DIGEST_NAME.test(alg)) weakDigest(call, `${name}("${alg}")`, ctx, push);
        continue;
      }
      weakDigest(call, name, ctx, push);
    }
  }
  weakCrypt(ctx, push);
  weakConstants(ctx, push);
  constantIvs(ctx, push);
  xorCiphers(ctx, push);
  return out;
}

type Push = (node: SyntaxNode, suggestion: string, pattern: string, confidence: number, description: string) => void;

function weakDigest(call: SyntaxNode, name: string, ctx: HygieneContext, push: Push): void {
  const outer = outerCall(call);
  // HMAC does not need collision resistance (HMAC-SHA1 is still sound; TOTP is defined with it)
  if (outer && MAC_CALLS.has(outer.name)) {
    if (/md5|md4/i.test(name)) push(call, SUGGEST_DIGEST, name, 0.4, `${outer.name} with ${name}: MD5 is broken; use SHA-256 for new MACs.`);
    return;
  }
  if (outer && SIGN_CALLS.has(outer.name)) {
    push(call, SUGGEST_DIGEST, name, 0.75, `${outer.name} signs or verifies with ${name}: collisions let an attacker get a second document accepted under the same signature.`);
    return;
  }
  if (outer && KDF_CALLS.has(outer.name)) {
    if (/md5|md4/i.test(name) || outer.name === 'EVP_BytesToKey') push(call, SUGGEST_DIGEST, name, 0.6, `${outer.name} derives a key with ${name}; use PBKDF2/scrypt/argon2 with SHA-256.`);
    return;
  }
  const use = digestUse(call, ctx);
  if (use === 'benign') return;
  if (use === 'security') push(call, SUGGEST_DIGEST, name, 0.75, `${name} is used for a password, token, signature or other security value: MD5 and SHA-1 are broken (collisions) and fast to brute-force.`);
  else push(call, SUGGEST_DIGEST, name, 0.35, `${name} is a broken digest; if this value must not be forged or guessed, use SHA-256 (or a password KDF).`);
}

/**
 * crypt(3) with a literal setting: a two-character salt is DES crypt (8 characters, 25 rounds),
 * `$1$` is MD5-crypt; either way the same salt for every password. SHA-crypt (`$5$`, `$6$`),
 * bcrypt (`$2…$`) and yescrypt (`$y$`) settings only report the fixed salt when it is one.
 */
function weakCrypt(ctx: HygieneContext, push: Push): void {
  for (const call of callsOf(ctx, ['crypt', 'crypt_r', 'crypt_rn', 'crypt_ra'])) {
    const salt = literalText(callArgs(call)[1]);
    if (salt === undefined) continue;
    if (/^\$(5|6|2[abxy]?|y|gy|7|argon2\w*)\$/.test(salt)) {
      if (/^\$[^$]+\$(rounds=\d+\$)?[^$]{4,}/.test(salt)) push(call, SUGGEST_DIGEST, 'crypt', 0.6, `crypt() is given the fixed salt "${salt.slice(0, 20)}": every password gets the same salt, so equal passwords give equal hashes and one table cracks them all.`);
      continue;
    }
    push(call, SUGGEST_DIGEST, 'crypt', 0.75, `crypt() with the setting "${salt.slice(0, 12)}" uses ${salt.startsWith('$1$') ? 'MD5-crypt' : 'DES crypt (8 significant characters)'} with a fixed salt: fast to brute-force.`);
  }
}

/** CALG_DES, GCRY_CIPHER_ARCFOUR, MBEDTLS_MODE_ECB, kCCOptionECBMode… used as values. */
function weakConstants(ctx: HygieneContext, push: Push): void {
  if (!WEAK_CONSTANT_HINT.test(ctx.source())) return;
  for (const id of ctx.root.descendantsOfType('identifier')) {
    if (!WEAK_CONSTANT.test(id.text) || id.parent?.type === 'preproc_def' || id.parent?.type === 'enumerator') continue;
    if (/MD5|MD4|SHA/.test(id.text)) continue;
    push(id, SUGGEST_CIPHER, id.text, 0.7, `${id.text} selects a broken or obsolete cipher or ECB mode.`);
  }
}

/** Cipher set-up calls and the index of their IV argument. */
const IV_ARG: Record<string, number> = {
  EVP_EncryptInit_ex: 4, EVP_DecryptInit_ex: 4, EVP_CipherInit_ex: 4, EVP_EncryptInit: 3, EVP_DecryptInit: 3, EVP_CipherInit: 3,
  EVP_EncryptInit_ex2: 3, EVP_DecryptInit_ex2: 3, EVP_CipherInit_ex2: 3, AES_cbc_encrypt: 4, AES_cfb128_encrypt: 4, AES_ofb128_encrypt: 4,
  mbedtls_aes_crypt_cbc: 3, mbedtls_aes_crypt_cfb128: 4, mbedtls_aes_crypt_ctr: 3, mbedtls_cipher_set_iv: 1,
};
/** Calls that fill their first argument with random or received bytes. */
const FILLS = new Set(['RAND_bytes', 'RAND_priv_bytes', 'RAND_pseudo_bytes', 'getrandom', 'arc4random_buf', 'getentropy', 'randombytes_buf', 'mbedtls_ctr_drbg_random', 'BCryptGenRandom', 'read', 'fread', 'recv', 'memcpy', 'memmove', 'strncpy', 'strcpy', 'EVP_BytesToKey', 'PKCS5_PBKDF2_HMAC', 'HKDF', 'gcry_randomize', 'gnutls_rnd']);

/**
 * An IV that is a literal, a constant array, or an array set to zeros that nothing fills before
 * the cipher starts: the same key and IV give the same key stream (CTR/GCM) or reveal equal
 * prefixes (CBC).
 */
function constantIvs(ctx: HygieneContext, push: Push): void {
  for (const call of callsOf(ctx, [...new Set([...Object.keys(IV_ARG), ...Object.keys(KEY_ARG)])])) {
    const name = calleeName(call) ?? '';
    for (const [what, index] of [['IV', IV_ARG[name]], ['key', KEY_ARG[name]]] as const) {
      if (index === undefined) continue;
      const arg = stripCasts(callArgs(call)[index]);
      const c = arg ? constantBuffer(arg, call, ctx) : undefined;
      // a key written out as a literal is a hard-coded credential (that rule reports it); all zeros is no key at all
      if (!c || (what === 'key' && c.kind !== 'zeros')) continue;
      const how = c.kind === 'literal' ? `the literal "${c.text.slice(0, 24)}"` : c.kind === 'zeros' ? 'all zeros' : 'a constant written in the source';
      push(call, SUGGEST_IV, name, 0.7, what === 'IV'
        ? `The IV ${c.name ? `'${c.name}' ` : ''}given to ${name} is ${how}: every message is encrypted with the same IV.`
        : `The key ${c.name ? `'${c.name}' ` : ''}given to ${name} is ${how}: anyone can decrypt.`);
      break;
    }
  }
}

/** Cipher set-up calls and the index of their key argument. */
const KEY_ARG: Record<string, number> = {
  EVP_EncryptInit_ex: 3, EVP_DecryptInit_ex: 3, EVP_CipherInit_ex: 3, EVP_EncryptInit: 2, EVP_DecryptInit: 2, EVP_CipherInit: 2,
  EVP_EncryptInit_ex2: 2, EVP_DecryptInit_ex2: 2, EVP_CipherInit_ex2: 2, AES_set_encrypt_key: 0, AES_set_decrypt_key: 0,
};

/**
 * A buffer given to a cipher that holds the same bytes on every run: a literal, an array
 * initialised from constants (or zeroed with memset) that nothing fills before the call.
 */
function constantBuffer(arg: SyntaxNode, call: SyntaxNode, ctx: HygieneContext): { kind: 'literal' | 'zeros' | 'constant'; text: string; name?: string } | undefined {
  const lit = literalText(arg);
  if (lit !== undefined) return { kind: 'literal', text: lit };
  if (arg.type !== 'identifier') return undefined;
  const fn = enclosingFunction(call);
  const decl = findDeclaration(arg.text, fn, ctx.root);
  if (!decl || decl.declarator.type === 'preproc_def' || decl.declarator.type === 'parameter_declaration') return undefined;
  const scope = decl.scope === 'function' && fn ? fn : ctx.root;
  const inScope = (n: SyntaxNode) => scope.startIndex <= n.startIndex && n.endIndex <= scope.endIndex;
  let kind: 'literal' | 'zeros' | 'constant';
  let text = '';
  if (decl.value) {
    // `iv[16] = "0123456789abcdef"`, `iv[16] = { 0 }`, `iv[] = { 0x1f, … }`
    const t = literalText(decl.value);
    const items = decl.value.type === 'initializer_list' ? decl.value.namedChildren.filter((c) => c.type !== 'comment') : [];
    if (t === undefined && (decl.value.type !== 'initializer_list' || !items.every((c) => c.type === 'number_literal' || c.type === 'char_literal'))) return undefined;
    kind = t !== undefined ? 'constant' : items.every((c) => /^(0+|0x0+|'\\0')$/i.test(c.text)) ? 'zeros' : 'constant';
    text = t ?? '';
  } else {
    // `unsigned char iv[16]; memset(iv, 0, sizeof iv);`
    const zeroed = callsOf(ctx, ['memset', 'bzero', 'explicit_bzero']).some((m) => inScope(m) && baseText(callArgs(m)[0]) === arg.text && (calleeName(m) !== 'memset' || /^(0|'\\0')$/.test(callArgs(m)[1]?.text ?? '')));
    if (!zeroed || !/\[/.test(decl.declarator.text)) return undefined;
    kind = 'zeros';
  }
  // filled at run time after all (random bytes, a received or derived value)?
  const filled = callsOf(ctx, FILLS).some((f) => inScope(f) && (FILL_ARG[calleeName(f) ?? ''] ?? [0]).some((i) => baseText(callArgs(f)[i]) === arg.text));
  const written = scope.descendantsOfType('assignment_expression').some((a) => {
    const left = a.childForFieldName('left');
    return left?.type === 'subscript_expression' && left.childForFieldName('argument')?.text === arg.text;
  });
  return filled || written ? undefined : { kind, text, name: arg.text };
}

/** which argument a filling call writes, where it is not the first */
const FILL_ARG: Record<string, number[]> = { read: [1], recv: [1], fread: [0], EVP_BytesToKey: [6, 7], PKCS5_PBKDF2_HMAC: [7], HKDF: [0] };

const XOR_NAMES = new Set(['key', 'secret', 'pass', 'password', 'passphrase', 'pwd', 'cipher', 'crypt', 'encrypt', 'decrypt', 'obfuscate', 'obfuscation', 'scramble', 'xorkey', 'vault', 'encode']);
const XOR_BENIGN = new Set(['mask', 'masking', 'crc', 'hash', 'checksum', 'sum', 'parity', 'seed', 'table', 'tbl', 'poly', 'lfsr', 'fnv', 'murmur', 'ws', 'websocket', 'frame', 'pad', 'ipad', 'opad']);

/**
 * `buf[i] ^= key[i % klen]`, `out[i] = in[i] ^ key[j]` in a loop: data XORed with a key. Reported
 * when the key repeats (indexed modulo its length) or the code names it a key/secret or the
 * function an encryption; masks, checksums and hashes are XORed too, and are left alone.
 */
function xorCiphers(ctx: HygieneContext, push: Push): void {
  // `a[i] ^= b[…]` or `a[i] = b[i] ^ c[…]`: a subscript on both sides of the XOR
  if (!/\]\s*\^=[^;\n]*\[|\]\s*\^\s*[^;\n]*\[/.test(ctx.source())) return;
  for (const node of ctx.root.descendantsOfType(['assignment_expression'])) {
    const op = node.childForFieldName('operator')?.text;
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (!left || !right || left.type !== 'subscript_expression') continue;
    let keyNode: SyntaxNode | undefined;
    if (op === '^=') keyNode = stripCasts(right);
    else if (op === '=') {
      const r = stripCasts(right);
      if (r?.type !== 'binary_expression' || r.childForFieldName('operator')?.text !== '^') continue;
      const a = stripCasts(r.childForFieldName('left'));
      const b = stripCasts(r.childForFieldName('right'));
      keyNode = a?.type === 'subscript_expression' && b?.type === 'subscript_expression' ? b : undefined;
    }
    if (keyNode?.type !== 'subscript_expression') continue;
    if (!insideLoop(node)) continue;
    const keyName = keyNode.childForFieldName('argument')?.text ?? '';
    const index = keyNode.childForFieldName('index')?.text ?? '';
    const fn = enclosingFunction(node);
    const names = [...wordsOf(keyName), ...wordsOf(left.childForFieldName('argument')?.text ?? ''), ...wordsOf(fnName(fn))];
    if (names.some((w) => XOR_BENIGN.has(w))) continue;
    const repeating = /%/.test(index);
    const named = names.some((w) => XOR_NAMES.has(w));
    if (!repeating && !named) continue;
    push(node, SUGGEST_XOR, 'xor', named ? 0.7 : 0.35, `Data is XORed with ${repeating ? 'a repeating key' : `'${keyName}'`}: this is no encryption; anyone with two messages or a known prefix recovers the key.`);
  }
}

function insideLoop(node: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'for_statement' || p.type === 'while_statement' || p.type === 'do_statement' || p.type === 'for_range_loop') return true;
    if (p.type === 'function_definition') return false;
  }
  return false;
}
