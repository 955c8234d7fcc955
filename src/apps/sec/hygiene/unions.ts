/**
 * Type confusion through a tagged union (CWE-843): a struct holding a tag (an enum, or an int
 * named kind/type/tag) next to a union, read through a union member with the tag not checked on
 * the way there, or checked for a value whose member is another one.
 *
 * Which member belongs to which tag value is learnt from the code that builds the values
 * (`v->kind = VAL_STR; v->u.s = …`). A read is guarded by an `if`/`switch`/`?:`/`&&` on the
 * same object's tag, by an earlier `if (x->kind != K) return;`, by the function setting the tag
 * itself, or, in a function handed the object, by every call of it in the file being guarded.
 */
import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { calleeName, callArgs, enclosingFunction, isAncestor, stripCasts } from './c-ast.js';
import type { HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

interface Tagged {
  tags: Set<string>;
  /** the union member's name; '' when the union is anonymous (its members are read directly) */
  union: string;
  variants: Set<string>;
}

const TAG_NAME = /^(kind|type|tag|which|variant|discriminant|vtype|ty)$|_(kind|type|tag)$/i;
const EXITS = new Set(['return_statement', 'break_statement', 'continue_statement', 'goto_statement']);

const flat = (n: SyntaxNode | null | undefined) => (n ? n.text.replace(/\s+/g, '') : '');

function fieldsOf(list: SyntaxNode | null): SyntaxNode[] {
  return list?.namedChildren.filter((c) => c.type === 'field_declaration') ?? [];
}

function fieldName(d: SyntaxNode | null): string | undefined {
  let x = d;
  while (x && x.type !== 'field_identifier') x = x.childForFieldName('declarator');
  return x?.text;
}

/** Tagged structs of the file, and the names of every plain (non-union) member of any struct. */
function taggedStructs(root: SyntaxNode): { tagged: Tagged[]; plain: Set<string> } {
  const unions = new Map<string, SyntaxNode>();
  const enums = new Set<string>();
  for (const u of root.descendantsOfType('union_specifier')) {
    const name = u.childForFieldName('name')?.text;
    if (name && u.childForFieldName('body')) unions.set(name, u);
  }
  for (const t of root.descendantsOfType('type_definition')) {
    const ty = t.childForFieldName('type');
    const name = t.childForFieldName('declarator')?.text;
    if (!name || !ty) continue;
    if (ty.type === 'union_specifier') unions.set(name, ty.childForFieldName('body') ? ty : (unions.get(ty.childForFieldName('name')?.text ?? '') ?? ty));
    if (ty.type === 'enum_specifier') enums.add(name);
  }
  const tagged: Tagged[] = [];
  const plain = new Set<string>();
  for (const s of root.descendantsOfType('struct_specifier')) {
    const fields = fieldsOf(s.childForFieldName('body'));
    if (fields.length === 0) continue;
    const tags = new Set<string>();
    let union: string | undefined;
    let variants: Set<string> | undefined;
    for (const f of fields) {
      const ty = f.childForFieldName('type');
      const name = fieldName(f.childForFieldName('declarator'));
      let u: SyntaxNode | undefined;
      if (ty?.type === 'union_specifier') u = ty.childForFieldName('body') ? ty : unions.get(ty.childForFieldName('name')?.text ?? '');
      else if (ty?.type === 'type_identifier') u = unions.get(ty.text);
      if (u && !variants) {
        const members = fieldsOf(u.childForFieldName('body')).map((m) => fieldName(m.childForFieldName('declarator'))).filter((m): m is string => Boolean(m));
        if (members.length >= 2) {
          union = name ?? '';
          variants = new Set(members);
        }
        continue;
      }
      if (!name) continue;
      plain.add(name);
      if (ty?.type === 'enum_specifier' || (ty?.type === 'type_identifier' && enums.has(ty.text)) || TAG_NAME.test(name)) tags.add(name);
    }
    if (variants && union !== undefined && tags.size > 0) tagged.push({ tags, union, variants });
  }
  return { tagged, plain };
}

/** A union member reached from a base object: `b->u.s` → base `b`, variant `s`. */
interface Access {
  node: SyntaxNode;
  base: string;
  variant: string;
  t: Tagged;
}

function accesses(root: SyntaxNode, tagged: Tagged[], plain: Set<string>): Access[] {
  const out: Access[] = [];
  for (const n of root.descendantsOfType('field_expression')) {
    const field = n.childForFieldName('field')?.text ?? '';
    const arg = n.childForFieldName('argument');
    for (const t of tagged) {
      if (!t.variants.has(field)) continue;
      if (t.union) {
        if (arg?.type !== 'field_expression' || arg.childForFieldName('field')?.text !== t.union) continue;
        out.push({ node: n, base: flat(arg.childForFieldName('argument')), variant: field, t });
      } else if (!plain.has(field) && arg) {
        out.push({ node: n, base: flat(arg), variant: field, t });
      }
      break;
    }
  }
  return out;
}

/** The lvalue chain the access is part of, and how it is used: written, read, or its address handed on. */
function use(a: Access): 'write' | 'read' {
  let n = a.node;
  while (n.parent && (((n.parent.type === 'field_expression' || n.parent.type === 'subscript_expression') && n.parent.childForFieldName('argument')?.id === n.id) || n.parent.type === 'parenthesized_expression')) n = n.parent;
  const p = n.parent;
  if (p?.type === 'assignment_expression' && p.childForFieldName('left')?.id === n.id && p.childForFieldName('operator')?.text === '=') return 'write';
  if (p?.type === 'pointer_expression' && p.childForFieldName('operator')?.text === '&') {
    const call = p.parent?.type === 'argument_list' ? p.parent.parent : undefined;
    if (call && /scanf$|^(memcpy|memset|strcpy|strncpy|snprintf|sprintf|read|fread|recv|fgets)$/.test(calleeName(call) ?? '')) return 'write';
  }
  if (p?.type === 'argument_list' && /^(memcpy|memset|strcpy|strncpy|snprintf|sprintf|read|fread|recv|fgets)$/.test(calleeName(p.parent as SyntaxNode) ?? '') && p.namedChildren[0]?.id === n.id) return 'write';
  return 'read';
}

interface Guard {
  eq?: Set<string>;
  ne?: Set<string>;
}

/** What `cond` says about `base`'s tag when it is `truth`: `x->kind == K`, `!=`, `||` of equalities. */
function testOf(cond: SyntaxNode | null | undefined, base: string, t: Tagged, truth: boolean): Guard | undefined {
  const c = stripCasts(cond);
  if (!c) return undefined;
  if (c.type === 'unary_expression' && c.childForFieldName('operator')?.text === '!') return testOf(c.childForFieldName('argument'), base, t, !truth);
  if (c.type !== 'binary_expression') return undefined;
  const op = c.childForFieldName('operator')?.text ?? '';
  const l = c.childForFieldName('left');
  const r = c.childForFieldName('right');
  if (op === '&&' || op === '||') {
    const a = testOf(l, base, t, truth);
    const b = testOf(r, base, t, truth);
    // `x == A || x == B` true: one of them; `x != A && x != B` true: neither
    if ((op === '||') === truth) {
      if (a?.eq && b?.eq) return { eq: new Set([...a.eq, ...b.eq]) };
      return undefined;
    }
    if (a?.ne && b?.ne) return { ne: new Set([...a.ne, ...b.ne]) };
    return a ?? b;
  }
  if (op !== '==' && op !== '!=') return undefined;
  const isTag = (x: SyntaxNode | null) => {
    const s = flat(stripCasts(x));
    return [...t.tags].some((tag) => s === `${base}->${tag}` || s === `${base}.${tag}` || s === `(*${base}).${tag}`);
  };
  const value = isTag(l) ? flat(r) : isTag(r) ? flat(l) : undefined;
  if (value === undefined) return undefined;
  return (op === '==') === truth ? { eq: new Set([value]) } : { ne: new Set([value]) };
}

function alwaysExits(stmt: SyntaxNode | null): boolean {
  if (!stmt) return false;
  if (EXITS.has(stmt.type)) return true;
  if (stmt.type === 'expression_statement') return /^(exit|abort|_exit|err|errx)$/.test(calleeName(stmt.namedChildren[0] ?? stmt) ?? '');
  if (stmt.type === 'compound_statement') return stmt.namedChildren.some((c) => alwaysExits(c));
  return false;
}

/** The tag facts that hold where `node` runs, from the code around it in its function. */
function guardAt(node: SyntaxNode, base: string, t: Tagged): Guard | undefined {
  let child = node;
  for (let p = node.parent; p && p.type !== 'function_definition'; child = p, p = p.parent) {
    let g: Guard | undefined;
    switch (p.type) {
      case 'if_statement': {
        const cond = p.childForFieldName('condition');
        if (cond && isAncestor(cond, node)) break;
        const alt = p.childForFieldName('alternative');
        g = testOf(cond, base, t, !(alt && isAncestor(alt, node)));
        break;
      }
      case 'conditional_expression': {
        const cond = p.childForFieldName('condition');
        if (cond && isAncestor(cond, node)) break;
        const alt = p.childForFieldName('alternative');
        g = testOf(cond, base, t, !(alt && isAncestor(alt, node)));
        break;
      }
      case 'binary_expression': {
        const op = p.childForFieldName('operator')?.text;
        const right = p.childForFieldName('right');
        if ((op === '&&' || op === '||') && right && isAncestor(right, node)) g = testOf(p.childForFieldName('left'), base, t, op === '&&');
        break;
      }
      case 'while_statement':
      case 'for_statement': {
        const body = p.childForFieldName('body');
        if (body && isAncestor(body, node)) g = testOf(p.childForFieldName('condition'), base, t, true);
        break;
      }
      case 'case_statement': {
        const sw = p.parent?.parent;
        const value = p.childForFieldName('value');
        if (sw?.type === 'switch_statement' && value) {
          const subject = flat(stripCasts(sw.childForFieldName('condition')));
          if ([...t.tags].some((tag) => subject === `${base}->${tag}` || subject === `${base}.${tag}`)) g = { eq: new Set([flat(value)]) };
        }
        break;
      }
      case 'compound_statement': {
        // an earlier `if (x->kind != K) return;`, or the function setting the tag itself
        for (const s of p.namedChildren) {
          if (s.startIndex >= child.startIndex) break;
          if (s.type === 'if_statement' && !s.childForFieldName('alternative') && alwaysExits(s.childForFieldName('consequence'))) {
            g = testOf(s.childForFieldName('condition'), base, t, false) ?? g;
          }
          const set = tagSet(s, base, t);
          if (set) g = { eq: new Set([set]) };
        }
        break;
      }
      default:
        break;
    }
    if (g) return g;
  }
  return undefined;
}

/** `x->kind = K;` as a statement: K. */
function tagSet(stmt: SyntaxNode, base: string, t: Tagged): string | undefined {
  const e = stmt.type === 'expression_statement' ? stmt.namedChildren[0] : undefined;
  if (e?.type !== 'assignment_expression') return undefined;
  const left = flat(e.childForFieldName('left'));
  if (![...t.tags].some((tag) => left === `${base}->${tag}` || left === `${base}.${tag}`)) return undefined;
  return flat(e.childForFieldName('right'));
}

/** Tag value → the members the code stores when it sets that value. */
function layout(writes: Access[]): Map<Tagged, Map<string, Set<string>>> {
  const out = new Map<Tagged, Map<string, Set<string>>>();
  for (const w of writes) {
    const g = guardAt(w.node, w.base, w.t) ?? tagAfter(w);
    if (!g?.eq) continue;
    const m = out.get(w.t) ?? new Map<string, Set<string>>();
    for (const k of g.eq) m.set(k, new Set([...(m.get(k) ?? []), w.variant]));
    out.set(w.t, m);
  }
  return out;
}

/**
 * The tag set right after a member is written (`v->u.s = x; v->kind = K;`), or in the branch an
 * `if (sscanf(…, &v.u.key) == 1)` writing it leads to.
 */
function tagAfter(w: Access): Guard | undefined {
  let stmt: SyntaxNode | null = w.node;
  while (stmt && stmt.parent?.type !== 'compound_statement' && stmt.type !== 'if_statement') stmt = stmt.parent;
  if (!stmt) return undefined;
  if (stmt.type === 'if_statement') {
    const cons = stmt.childForFieldName('consequence');
    const first = cons?.type === 'compound_statement' ? cons.namedChildren : cons ? [cons] : [];
    for (const s of first) {
      const k = tagSet(s, w.base, w.t);
      if (k) return { eq: new Set([k]) };
    }
    return undefined;
  }
  for (const s of stmt.parent?.namedChildren ?? []) {
    if (s.startIndex <= stmt.startIndex) continue;
    const k = tagSet(s, w.base, w.t);
    if (k) return { eq: new Set([k]) };
  }
  return undefined;
}

/** Does a read of `variant` under guard `g` match what the code stores for those tags? */
function mismatch(g: Guard, variant: string, map: Map<string, Set<string>> | undefined): string | undefined {
  if (!map) return undefined;
  if (g.eq) {
    for (const k of g.eq) {
      const m = map.get(k);
      if (m && !m.has(variant)) return k;
    }
    return undefined;
  }
  // the other values: those the code uses that the test ruled out are gone
  for (const [k, m] of map) if (!g.ne?.has(k) && !m.has(variant)) return k;
  return undefined;
}

function paramNames(fn: SyntaxNode): string[] {
  let d = fn.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  const out: string[] = [];
  for (const p of d?.childForFieldName('parameters')?.namedChildren ?? []) {
    let x = p.childForFieldName('declarator');
    while (x && x.type !== 'identifier') x = x.childForFieldName('declarator');
    out.push(x?.text ?? '');
  }
  return out;
}

function fnName(fn: SyntaxNode): string | undefined {
  let d = fn.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  return d?.childForFieldName('declarator')?.text;
}

export function checkTypeConfusion(ctx: HygieneContext): RawFinding[] {
  if (!/\bunion\b/.test(ctx.source())) return [];
  const { tagged, plain } = taggedStructs(ctx.root);
  if (tagged.length === 0) return [];
  const all = accesses(ctx.root, tagged, plain);
  const reads = all.filter((a) => use(a) === 'read');
  const map = layout(all.filter((a) => use(a) === 'write'));
  const out: RawFinding[] = [];
  const seen = new Set<string>();
  for (const a of reads) {
    const fn = enclosingFunction(a.node);
    if (!fn) continue;
    const g = guardAt(a.node, a.base, a.t) ?? callersGuard(a, fn, ctx);
    const layoutOf = map.get(a.t);
    let reason: string | undefined;
    let confidence = 0.65;
    if (!g) {
      // a library function handed the object with no caller in the file: its contract, perhaps
      const param = paramNames(fn).includes(a.base.replace(/^\(?\*?/, '').replace(/\)$/, ''));
      const name = fnName(fn);
      if (param && name && !(ctx.calls.get(name)?.length)) confidence = 0.45;
      reason = `is read with no check of its tag (${[...a.t.tags].join('/')}) on the way here`;
    } else {
      const k = mismatch(g, a.variant, layoutOf);
      if (k) {
        reason = `is read where the tag can be ${k}, and the code stores ${[...(layoutOf?.get(k) ?? [])].join('/')} for ${k}`;
        confidence = 0.7;
      }
    }
    if (!reason) continue;
    const key = `${fn.startIndex}:${a.base}:${a.variant}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(findingFor(HYGIENE_RULES.typeConfusion, `Check the tag before reading the union (switch on ${[...a.t.tags][0]} and read only the member that value stores), or reject the value.`, {
      node: a.node,
      pattern: 'union-member',
      confidence,
      description: `The union member '${flat(a.node)}' ${reason}: a value built as another member is reinterpreted (a number read as a pointer, a pointer as a length).`,
    }));
  }
  return out;
}

/** In a function handed the object: the tag facts every call of it in the file establishes. */
function callersGuard(a: Access, fn: SyntaxNode, ctx: HygieneContext): Guard | undefined {
  const params = paramNames(fn);
  const bare = a.base.replace(/^\(\*(\w+)\)$/, '$1');
  const i = params.indexOf(bare);
  const name = fnName(fn);
  if (i < 0 || !name) return undefined;
  const calls = ctx.calls.get(name) ?? [];
  if (calls.length === 0) return undefined;
  let eq: Set<string> | undefined;
  for (const call of calls) {
    const arg = callArgs(call)[i];
    const s = stripCasts(arg);
    const base = s?.type === 'pointer_expression' && s.childForFieldName('operator')?.text === '&' ? flat(s.childForFieldName('argument')) : flat(s);
    const g = guardAt(call, base, a.t);
    if (!g?.eq) return undefined;
    eq = new Set([...(eq ?? []), ...g.eq]);
  }
  return eq ? { eq } : undefined;
}
