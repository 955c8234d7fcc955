import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { assignedName, baseText, callArgs, calleeName, enclosingFunction, findDeclaration, findMember, stripCasts } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

type AllocKind = 'new' | 'new[]' | 'malloc';
type FreeKind = 'delete' | 'delete[]' | 'free';
const MATCHING: Record<FreeKind, AllocKind> = { delete: 'new', 'delete[]': 'new[]', free: 'malloc' };
const C_ALLOCS = ['malloc', 'calloc', 'realloc', 'strdup', 'strndup'];
const ALLOC_TEXT: Record<AllocKind, string> = { new: 'new', 'new[]': 'new[]', malloc: 'malloc()' };
const FREE_TEXT: Record<FreeKind, string> = { delete: 'delete', 'delete[]': 'delete[]', free: 'free()' };

/** `this->buf` and `buf` are the same member. */
const keyOf = (text: string) => text.replace(/^this->/, '');

interface Site {
  node: SyntaxNode;
  key: string;
  /** the function, when the name is a local or parameter there; undefined for members and globals */
  owner?: number;
}

function siteOf(node: SyntaxNode, text: string | undefined, root: SyntaxNode): Site | undefined {
  if (!text) return undefined;
  const key = keyOf(text);
  const fn = enclosingFunction(node);
  const local = /^\w+$/.test(key) && fn ? findDeclaration(key, fn, root)?.scope === 'function' : false;
  return { node, key, owner: local ? fn?.id : undefined };
}

const isArrayNew = (n: SyntaxNode) => n.childForFieldName('declarator')?.type === 'new_declarator';
const isArrayDelete = (n: SyntaxNode) => n.children.some((c) => !c.isNamed && c.type === '[');

/**
 * new/delete[] and new[]/delete, malloc/delete and new/free: the release must match the
 * allocation. A name is followed within its function when it is a local, across the file when it
 * is a member or global (allocated in a constructor, released in the destructor); a name assigned
 * by two kinds of allocation is left alone.
 */
export function checkNewDelete(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  if (ctx.news.length === 0 && ctx.deletes.length === 0) return out;
  const allocs: Array<Site & { kind: AllocKind }> = [];
  for (const n of ctx.news) {
    if (n.childForFieldName('placement')) continue;
    const site = siteOf(n, assignedName(n), ctx.root);
    if (site) allocs.push({ ...site, kind: isArrayNew(n) ? 'new[]' : 'new' });
  }
  for (const c of callsOf(ctx, C_ALLOCS)) {
    const site = siteOf(c, assignedName(c), ctx.root);
    if (site) allocs.push({ ...site, kind: 'malloc' });
  }
  const frees: Array<Site & { kind: FreeKind }> = [];
  for (const d of ctx.deletes) {
    const site = siteOf(d, baseText(d.namedChildren[d.namedChildren.length - 1]), ctx.root);
    if (site) frees.push({ ...site, kind: isArrayDelete(d) ? 'delete[]' : 'delete' });
  }
  for (const c of callsOf(ctx, ['free'])) {
    const site = siteOf(c, baseText(callArgs(c)[0]), ctx.root);
    if (site) frees.push({ ...site, kind: 'free' });
  }
  for (const f of frees) {
    const same = allocs.filter((a) => a.key === f.key && a.owner === f.owner);
    const kinds = new Set(same.map((a) => a.kind));
    const first = same[0];
    if (!first || kinds.size !== 1 || first.kind === MATCHING[f.kind]) continue;
    out.push(findingFor(HYGIENE_RULES.newDeleteMismatch, `Release with the form that matches the allocation (${first.kind === 'new[]' ? 'delete[]' : first.kind === 'new' ? 'delete' : 'free()'}), or hold it in a std::vector / std::unique_ptr<T[]>.`, {
      node: f.node,
      pattern: `${ALLOC_TEXT[first.kind]}/${FREE_TEXT[f.kind]}`,
      confidence: f.owner !== undefined ? 0.8 : 0.65,
      description: `${f.key} is allocated with ${ALLOC_TEXT[first.kind]} (line ${first.node.startPosition.row + 1}) but released with ${FREE_TEXT[f.kind]}: undefined behaviour (wrong destructor count or heap corruption).`,
      trace: [
        { line: first.node.startPosition.row + 1, note: `${f.key} = ${ALLOC_TEXT[first.kind]}` },
        { line: f.node.startPosition.row + 1, note: `${FREE_TEXT[f.kind]} ${f.key}` },
      ],
    }));
  }
  out.push(...smartPointerArrays(ctx));
  return out;
}

/** `std::unique_ptr<T> p(new T[n])`: the default deleter runs `delete`, not `delete[]`. */
function smartPointerArrays(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const n of ctx.news) {
    if (!isArrayNew(n)) continue;
    let holder = n.parent;
    while (holder && (holder.type === 'argument_list' || holder.type === 'initializer_list' || holder.type === 'parenthesized_expression')) holder = holder.parent;
    const decl = holder?.type === 'init_declarator' ? holder.parent : holder?.type === 'call_expression' ? holder : undefined;
    const type = decl?.type === 'declaration' ? decl.childForFieldName('type')?.text : decl?.childForFieldName('function')?.text;
    const m = /\b(unique_ptr|shared_ptr|auto_ptr)\s*<([^<>]*)>$/.exec(type?.replace(/\s+/g, ' ') ?? '');
    if (!m || m[2]?.trim().endsWith('[]')) continue;
    out.push(findingFor(HYGIENE_RULES.newDeleteMismatch, `Use std::${m[1] === 'auto_ptr' ? 'unique_ptr' : m[1]}<${m[2]?.trim()}[]> (or std::vector) for an array.`, {
      node: n,
      pattern: `${m[1]}<T>(new T[])`,
      confidence: 0.8,
      description: `std::${m[1]}<${m[2]?.trim()}> releases with delete, but it holds an array from new[]: undefined behaviour.`,
    }));
  }
  return out;
}

/** Calls whose result is a new std::string (or vector) by value, so `.c_str()` on it points into a temporary. */
const VALUE_FUNCTIONS = /^(std::)?(to_string|to_wstring|string|wstring|u8string|format|vformat)$|^fmt::format$/;
const VALUE_METHODS = new Set(['substr', 'str', 'string', 'generic_string', 'u8string', 'wstring', 'to_string']);

/** Functions of this file declared to return a std::string / std::vector by value. */
function valueReturning(root: SyntaxNode, source: string): Set<string> {
  const out = new Set<string>();
  if (!/string|vector/.test(source)) return out;
  for (const fn of root.descendantsOfType(['function_definition', 'declaration'])) {
    const type = fn.childForFieldName('type')?.text ?? '';
    const decl = fn.childForFieldName('declarator');
    if (!/^(std::)?(w?string|vector\s*<.*>)$/.test(type) || decl?.type !== 'function_declarator') continue;
    const name = decl.childForFieldName('declarator')?.text.replace(/^.*::/, '');
    if (name) out.add(name);
  }
  return out;
}

function isTemporaryString(obj: SyntaxNode | undefined, locals: Set<string>): boolean {
  const n = stripCasts(obj);
  if (!n) return false;
  if (n.type === 'binary_expression' && n.childForFieldName('operator')?.text === '+') {
    return [n.childForFieldName('left'), n.childForFieldName('right')].some((s) => {
      const side = stripCasts(s);
      return side?.type === 'string_literal' || isTemporaryString(side, locals);
    });
  }
  if (n.type !== 'call_expression') return false;
  const fn = n.childForFieldName('function');
  if (fn?.type === 'field_expression') return VALUE_METHODS.has(fn.childForFieldName('field')?.text ?? '');
  const text = fn?.text.replace(/\s+/g, '') ?? '';
  return VALUE_FUNCTIONS.test(text) || locals.has(calleeName(n) ?? text);
}

/** `p_` or `this->p_`: the member a C++ method assigns. */
function memberName(left: SyntaxNode): string | undefined {
  if (left.type === 'identifier') return left.text;
  if (left.type === 'field_expression' && left.childForFieldName('argument')?.type === 'this') return left.childForFieldName('field')?.text;
  return undefined;
}

/** `const char *p = make_name().c_str();` and `return (a + b).c_str();` from a function returning a pointer. */
export function checkDanglingCStr(ctx: HygieneContext): RawFinding[] {
  const calls = [...(ctx.methods.get('c_str') ?? []), ...(ctx.methods.get('data') ?? [])];
  const views = /string_view/.test(ctx.source()) ? stringViewsOfTemporaries(ctx) : [];
  if (calls.length === 0) return views;
  const out: RawFinding[] = [...views];
  const returnsValue = valueReturning(ctx.root, ctx.source());
  for (const call of calls) {
    const target = call.childForFieldName('function');
    const obj = target?.childForFieldName('argument') ?? undefined;
    if (!isTemporaryString(obj, returnsValue)) continue;
    let use: SyntaxNode = call;
    while (use.parent && (use.parent.type === 'cast_expression' || use.parent.type === 'parenthesized_expression')) use = use.parent;
    const holder = use.parent;
    let kept: string | undefined;
    if (holder?.type === 'init_declarator' && holder.childForFieldName('value')?.id === use.id) {
      const declType = holder.parent?.childForFieldName('type')?.text ?? '';
      if (holder.childForFieldName('declarator')?.type === 'pointer_declarator' || declType === 'auto') kept = `stored in ${holder.childForFieldName('declarator')?.text.replace(/^\*\s*/, '') ?? 'a pointer'}`;
    } else if (holder?.type === 'assignment_expression' && holder.childForFieldName('right')?.id === use.id) {
      const left = holder.childForFieldName('left');
      const fn = enclosingFunction(holder);
      const decl = left?.type === 'identifier' ? findDeclaration(left.text, fn, ctx.root) : undefined;
      const d = decl?.declarator.type === 'init_declarator' ? decl.declarator.childForFieldName('declarator') : decl?.declarator;
      // a data member (`p_ = …`, `this->p_ = …`) outlives the statement as much as a local does
      const member = !decl && left ? memberName(left) : undefined;
      if (d?.type === 'pointer_declarator' || (member && findMember(member, fn, ctx.root)?.type === 'pointer_declarator')) kept = `stored in ${left?.text}`;
    } else if (holder?.type === 'argument_list' && holder.parent?.type === 'field_initializer' && holder.namedChildCount === 1) {
      // `C() : p_(make().c_str())`
      const member = holder.parent.namedChildren.find((c) => c.type === 'field_identifier')?.text;
      if (member && findMember(member, enclosingFunction(holder), ctx.root)?.type === 'pointer_declarator') kept = `stored in ${member}`;
    } else if (holder?.type === 'return_statement') {
      const fn = enclosingFunction(holder);
      if (fn?.childForFieldName('declarator')?.type === 'pointer_declarator') kept = 'returned';
    }
    if (!kept) continue;
    const method = target?.childForFieldName('field')?.text ?? 'c_str';
    out.push(findingFor(HYGIENE_RULES.danglingCStr, 'Keep the string in a named std::string that lives as long as the pointer, and take c_str() from that.', {
      node: call,
      pattern: `temporary.${method}()`,
      confidence: 0.8,
      description: `${method}() of the temporary ${obj?.text.slice(0, 50) ?? ''} is ${kept}; the temporary is destroyed at the end of the statement, so the pointer dangles.`,
    }));
  }
  return out;
}

/** `std::string_view v = make_name();`: a view of a temporary string, which is gone at the end of the declaration. */
function stringViewsOfTemporaries(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  const returnsValue = valueReturning(ctx.root, ctx.source());
  for (const d of ctx.root.descendantsOfType('declaration')) {
    if (!/^(const\s+)?(std::)?(w|u8|u16|u32)?string_view$/.test(d.childForFieldName('type')?.text.trim() ?? '')) continue;
    for (const decl of d.childrenForFieldName('declarator')) {
      const value = decl.type === 'init_declarator' ? decl.childForFieldName('value') : undefined;
      const init = value?.type === 'argument_list' || value?.type === 'initializer_list' ? (value.namedChildCount === 1 ? value.namedChildren[0] : undefined) : value;
      if (!init || !isTemporaryString(init, returnsValue)) continue;
      const name = decl.childForFieldName('declarator')?.text ?? 'the view';
      out.push(findingFor(HYGIENE_RULES.danglingCStr, `Keep the string in a named std::string that outlives ${name}, and view that.`, {
        node: decl,
        pattern: 'string_view(temporary)',
        confidence: 0.8,
        description: `${name} views the temporary ${init.text.slice(0, 50)}, which is destroyed at the end of the declaration: every use of ${name} reads freed memory.`,
      }));
    }
  }
  return out;
}
