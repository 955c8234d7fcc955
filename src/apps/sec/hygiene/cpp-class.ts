import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { callArgs, calleeName, enclosingFunction, findDeclaration, stripCasts } from './c-ast.js';
import { type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

/** How a class gets its copy constructor. */
type CopyCtor = 'implicit' | 'defaulted' | 'user' | 'deleted';

interface ClassShape {
  node: SyntaxNode;
  name: string;
  /** data members declared as raw pointers */
  pointers: Set<string>;
  /** the destructor's body, if the file defines one */
  dtor?: SyntaxNode;
  copy: CopyCtor;
}

const declaratorName = (d: SyntaxNode | null | undefined): SyntaxNode | undefined => {
  let n = d ?? undefined;
  while (n && n.type !== 'function_declarator') n = n.childForFieldName('declarator') ?? undefined;
  return n?.childForFieldName('declarator') ?? undefined;
};

/** `C(const C &)`, `C(C &)`: one parameter, an lvalue reference to the class. */
function copyParam(fd: SyntaxNode, cls: string): 'copy' | 'move' | undefined {
  const params = fd.childForFieldName('parameters')?.namedChildren.filter((p) => p.type === 'parameter_declaration' || p.type === 'optional_parameter_declaration') ?? [];
  if (params.length !== 1) return undefined;
  const p = params[0] as SyntaxNode;
  const type = p.childForFieldName('type')?.text.replace(/<.*>$/, '');
  const d = p.childForFieldName('declarator');
  if (type !== cls || (d?.type !== 'reference_declarator' && d?.type !== 'abstract_reference_declarator')) return undefined;
  return d.text.startsWith('&&') ? 'move' : 'copy';
}

function shapeOf(node: SyntaxNode, root: SyntaxNode): ClassShape | undefined {
  const name = node.childForFieldName('name')?.text;
  const body = node.childForFieldName('body');
  if (!name || !body) return undefined;
  const pointers = new Set<string>();
  let copy: CopyCtor | undefined;
  let moves = false;
  let dtor: SyntaxNode | undefined;
  const members = [...body.namedChildren];
  // `C::C(const C &o) { … }`, `C::~C() { … }` outside the class body
  for (const f of functionDefinitions(root)) {
    const q = declaratorName(f.childForFieldName('declarator'));
    if (q?.type === 'qualified_identifier' && q.childForFieldName('scope')?.text === name) members.push(f);
  }
  for (const m of members) {
    if (m.type === 'field_declaration') {
      for (const d of m.childrenForFieldName('declarator')) {
        if (d.type === 'pointer_declarator') {
          let id: SyntaxNode | undefined = d;
          while (id && id.type !== 'field_identifier') id = id.childForFieldName('declarator') ?? undefined;
          if (id) pointers.add(id.text);
        }
      }
    }
    if (m.type !== 'function_definition' && m.type !== 'declaration' && m.type !== 'field_declaration') continue;
    const decl = m.childForFieldName('declarator');
    const fname = declaratorName(decl);
    const plain = fname?.type === 'qualified_identifier' ? fname.childForFieldName('name') : fname;
    if (!plain) continue;
    if (plain.type === 'destructor_name') {
      if (m.type === 'function_definition') dtor = m.childForFieldName('body') ?? undefined;
      continue;
    }
    if (plain.text !== name) continue;
    let fd: SyntaxNode | undefined = decl ?? undefined;
    while (fd && fd.type !== 'function_declarator') fd = fd.childForFieldName('declarator') ?? undefined;
    const kind = fd ? copyParam(fd, name) : undefined;
    if (kind === 'move') moves = true;
    if (kind !== 'copy') continue;
    const clause = m.namedChildren.find((c) => c.type === 'delete_method_clause' || c.type === 'default_method_clause');
    copy = clause?.type === 'delete_method_clause' ? 'deleted' : clause ? 'defaulted' : 'user';
  }
  // a declared move constructor deletes the implicit copy constructor
  if (!copy) copy = moves ? 'deleted' : 'implicit';
  return { node, name, pointers, dtor, copy };
}

/** The members the destructor releases: `delete p_`, `delete[] this->p_`, `free(p_)`. */
function released(shape: ClassShape): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const member = (n: SyntaxNode | undefined): boolean => {
    const e = stripCasts(n);
    if (!e) return false;
    if (e.type === 'identifier') return shape.pointers.has(e.text);
    return e.type === 'field_expression' && e.childForFieldName('argument')?.type === 'this' && shape.pointers.has(e.childForFieldName('field')?.text ?? '');
  };
  for (const n of shape.dtor?.descendantsOfType(['delete_expression', 'call_expression']) ?? []) {
    if (n.type === 'delete_expression' && member(n.namedChildren[n.namedChildren.length - 1])) out.push(n);
    else if (n.type === 'call_expression' && calleeName(n) === 'free' && member(callArgs(n)[0])) out.push(n);
  }
  return out;
}

/** The declared type of local or parameter `name` as seen from `at` (template arguments dropped). */
function typeOf(name: string, at: SyntaxNode, root: SyntaxNode): string | undefined {
  const decl = findDeclaration(name, enclosingFunction(at), root);
  let d = decl?.declarator;
  if (!d) return undefined;
  if (d.type === 'init_declarator') d = d.childForFieldName('declarator') ?? d;
  if (d.type !== 'identifier') return undefined;
  return d.parent?.type === 'init_declarator' ? d.parent.parent?.childForFieldName('type')?.text : d.parent?.childForFieldName('type')?.text;
}

/** Where the file copies an object of class `cls`: a by-value parameter, `C b = a;`, `C b(a);`, `a = b;`. */
function copySite(cls: string, root: SyntaxNode): SyntaxNode | undefined {
  for (const p of root.descendantsOfType('parameter_declaration')) {
    if (p.childForFieldName('type')?.text === cls && p.childForFieldName('declarator')?.type === 'identifier' && enclosingFunction(p)) return p;
  }
  for (const d of root.descendantsOfType('init_declarator')) {
    if (d.parent?.type !== 'declaration' || d.parent.childForFieldName('type')?.text !== cls) continue;
    const v = d.childForFieldName('value');
    const src = v?.type === 'argument_list' || v?.type === 'initializer_list' ? (v.namedChildCount === 1 ? v.namedChildren[0] : undefined) : v;
    if (src?.type === 'identifier' && typeOf(src.text, d, root) === cls) return d;
  }
  for (const a of root.descendantsOfType('assignment_expression')) {
    const l = a.childForFieldName('left');
    const r = a.childForFieldName('right');
    if (a.childForFieldName('operator')?.text !== '=' || l?.type !== 'identifier' || r?.type !== 'identifier') continue;
    if (typeOf(l.text, a, root) === cls && typeOf(r.text, a, root) === cls) return a;
  }
  return undefined;
}

/**
 * A class whose destructor releases a raw pointer member but whose copy constructor is the
 * implicit (or `= default`) member-wise one: every copy shares the pointer, and the second
 * destructor frees it again. Reported at the release in the destructor; confidently when the file
 * copies such an object or asks for the default copy, as a note when no copy is seen.
 */
export function checkShallowCopy(ctx: HygieneContext): RawFinding[] {
  if (ctx.deletes.length === 0 && !ctx.calls.has('free')) return [];
  const out: RawFinding[] = [];
  for (const node of ctx.classes) {
    const shape = shapeOf(node, ctx.root);
    if (!shape?.dtor || shape.pointers.size === 0 || shape.copy === 'user' || shape.copy === 'deleted') continue;
    if (/noncopyable|NonCopyable|Uncopyable/.test(node.childForFieldName('base_class_clause')?.text ?? node.namedChildren.find((c) => c.type === 'base_class_clause')?.text ?? '')) continue;
    const frees = released(shape);
    const first = frees[0];
    if (!first) continue;
    const site = shape.copy === 'defaulted' ? undefined : copySite(shape.name, ctx.root);
    const seen = shape.copy === 'defaulted' || site !== undefined;
    const member = (first.type === 'call_expression' ? callArgs(first)[0]?.text : first.namedChildren[first.namedChildren.length - 1]?.text)?.replace(/^this->/, '') ?? 'the pointer';
    out.push(findingFor(HYGIENE_RULES.shallowCopy, `Give ${shape.name} a copy constructor and copy assignment that copy what ${member} points to, delete them (${shape.name}(const ${shape.name} &) = delete;), or hold the memory in a std::vector / std::unique_ptr.`, {
      node: first,
      pattern: 'rule-of-three',
      confidence: seen ? 0.7 : 0.35,
      description: `The destructor of ${shape.name} releases ${member}, but ${shape.name} is copied member by member (${shape.copy === 'defaulted' ? 'its copy constructor is = default' : 'no copy constructor is declared'}): a copy shares ${member}, and the second destructor frees it again${site ? ` (copied at line ${site.startPosition.row + 1})` : ''}.`,
      trace: site ? [{ line: site.startPosition.row + 1, note: `${shape.name} copied` }, { line: first.startPosition.row + 1, note: `${member} released by each copy` }] : [],
    }));
  }
  return out;
}

/** The function definitions under `root`, in document order; one walk per tree, however many classes ask. */
const definitions = new WeakMap<SyntaxNode, SyntaxNode[]>();
function functionDefinitions(root: SyntaxNode): SyntaxNode[] {
  let out = definitions.get(root);
  if (!out) {
    out = root.descendantsOfType('function_definition');
    definitions.set(root, out);
  }
  return out;
}

/** Member functions of `cls` in this file (in its body or `C::f` outside it), with whether each is a constructor. */
function memberFunctions(cls: SyntaxNode, name: string, root: SyntaxNode): Array<{ fn: SyntaxNode; ctor: boolean; copy: boolean }> {
  const out: Array<{ fn: SyntaxNode; ctor: boolean; copy: boolean }> = [];
  const add = (f: SyntaxNode) => {
    let fd = f.childForFieldName('declarator');
    while (fd && fd.type !== 'function_declarator') fd = fd.childForFieldName('declarator');
    const id = fd?.childForFieldName('declarator');
    const plain = id?.type === 'qualified_identifier' ? id.childForFieldName('name')?.text : id?.text;
    const ctor = plain === name;
    out.push({ fn: f, ctor, copy: ctor && fd !== null && fd !== undefined && copyParam(fd, name) !== undefined });
  };
  for (const f of cls.childForFieldName('body')?.namedChildren ?? []) if (f.type === 'function_definition' && f.childForFieldName('body')) add(f);
  for (const f of functionDefinitions(root)) {
    const q = declaratorName(f.childForFieldName('declarator'));
    if (q?.type === 'qualified_identifier' && q.childForFieldName('scope')?.text === name && f.childForFieldName('body')) add(f);
  }
  return out;
}

/** `m = …`, `this->m = …`, `&m`, `m` handed to a call: code that gives m a value. */
function assigns(scope: SyntaxNode, m: string): boolean {
  for (const id of scope.descendantsOfType(['identifier', 'field_identifier'])) {
    if (id.text !== m) continue;
    let e: SyntaxNode = id;
    if (id.type === 'field_identifier') {
      const fe = id.parent;
      if (fe?.type !== 'field_expression' || fe.childForFieldName('argument')?.type !== 'this') continue;
      e = fe;
    }
    const p = e.parent;
    if (p?.type === 'assignment_expression' && p.childForFieldName('left')?.id === e.id) return true;
    if (p?.type === 'pointer_expression' && p.childForFieldName('operator')?.text === '&') return true;
    if (p?.type === 'argument_list' && p.parent?.type === 'call_expression' && /^(std::)?(swap|exchange|tie)$/.test(p.parent.childForFieldName('function')?.text ?? '')) return true;
  }
  return false;
}

/** A use of member `m` that reads its (pointer) value: not an assignment to it, not a NULL test. */
function firstUse(fn: SyntaxNode, m: string): SyntaxNode | undefined {
  const body = fn.childForFieldName('body');
  if (!body) return undefined;
  for (const id of body.descendantsOfType(['identifier', 'field_identifier'])) {
    if (id.text !== m || enclosingFunction(id)?.id !== fn.id) continue;
    let e: SyntaxNode = id;
    if (id.type === 'field_identifier') {
      const fe = id.parent;
      if (fe?.type !== 'field_expression' || fe.childForFieldName('argument')?.type !== 'this') continue;
      e = fe;
    }
    const p = e.parent;
    if (!p) continue;
    if (p.type === 'assignment_expression' && p.childForFieldName('left')?.id === e.id) return undefined;
    if (p.type === 'pointer_expression' && p.childForFieldName('operator')?.text === '&') return undefined;
    // a NULL test or a comparison says the author expects it may be unset
    if (p.type === 'binary_expression' || p.type === 'condition_clause' || (p.type === 'unary_expression' && p.childForFieldName('operator')?.text === '!')) return undefined;
    if (p.type === 'subscript_expression' || (p.type === 'pointer_expression' && p.childForFieldName('operator')?.text === '*') || (p.type === 'field_expression' && p.childForFieldName('argument')?.id === e.id) || p.type === 'argument_list' || p.type === 'delete_expression') return e;
  }
  return undefined;
}

/**
 * A raw pointer member that a constructor of the class leaves unset (no default initialiser, not
 * in its member initialisers, not assigned in its body or by a member function it calls), then
 * dereferenced or handed on by a member function that does not set it first: a wild pointer.
 */
export function checkUninitMemberPointer(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const node of ctx.classes) {
    const name = node.childForFieldName('name')?.text;
    const body = node.childForFieldName('body');
    if (!name || !body) continue;
    const unset = new Set<string>();
    for (const f of body.namedChildren) {
      if (f.type !== 'field_declaration' || f.childForFieldName('default_value') || f.namedChildren.some((c) => c.type === 'initializer_list')) continue;
      if (f.namedChildren.some((c) => c.type === 'storage_class_specifier')) continue;
      for (const d of f.childrenForFieldName('declarator')) {
        if (d.type !== 'pointer_declarator') continue;
        let id: SyntaxNode | undefined = d;
        while (id && id.type !== 'field_identifier') id = id.childForFieldName('declarator') ?? undefined;
        if (id) unset.add(id.text);
      }
    }
    if (unset.size === 0) continue;
    const fns = memberFunctions(node, name, ctx.root);
    const ctors = fns.filter((f) => f.ctor && !f.copy);
    if (ctors.length === 0) continue;
    const byName = new Map<string, SyntaxNode>();
    for (const f of fns) {
      let fd = f.fn.childForFieldName('declarator');
      while (fd && fd.type !== 'function_declarator') fd = fd.childForFieldName('declarator');
      const id = fd?.childForFieldName('declarator');
      const plain = id?.type === 'qualified_identifier' ? id.childForFieldName('name')?.text : id?.text;
      if (plain) byName.set(plain, f.fn);
    }
    for (const m of unset) {
      // the constructor that leaves m unset
      const ctor = ctors.find(({ fn }) => {
        const inits = fn.namedChildren.find((c) => c.type === 'field_initializer_list');
        if (inits?.namedChildren.some((fi) => fi.namedChildren[0]?.text === m)) return false;
        const b = fn.childForFieldName('body');
        if (!b || assigns(b, m)) return false;
        // a member function it calls may set it (one level), and code we cannot see may too
        for (const call of b.descendantsOfType('call_expression')) {
          const f = call.childForFieldName('function');
          const callee = f?.type === 'identifier' ? f.text : f?.type === 'field_expression' && f.childForFieldName('argument')?.type === 'this' ? f.childForFieldName('field')?.text : undefined;
          const target = callee ? byName.get(callee) : undefined;
          if (target?.childForFieldName('body') && assigns(target.childForFieldName('body') as SyntaxNode, m)) return false;
          if (call.text.includes('this')) return false;
        }
        return true;
      });
      if (!ctor) continue;
      // (the destructor last: a use in a member function is the one that matters first)
      const isDtor = (x: SyntaxNode) => declaratorName(x.childForFieldName('declarator'))?.text.includes('~') ?? false;
      for (const f of [...fns.filter((x) => !isDtor(x.fn)), ...fns.filter((x) => isDtor(x.fn))]) {
        if (f.ctor) continue;
        const use = firstUse(f.fn, m);
        if (!use) continue;
        out.push(findingFor(HYGIENE_RULES.uninitMember, `Initialise ${m} in every constructor (a member initialiser, or a default like \`T *${m} = nullptr;\`) and allocate or check it before use.`, {
          node: use,
          pattern: 'uninitialized-member-pointer',
          confidence: 0.6,
          description: `${m} is a pointer member the constructor of ${name} (line ${ctor.fn.startPosition.row + 1}) never sets, and it is used here without being given a value first: it points anywhere.`,
          trace: [{ line: ctor.fn.startPosition.row + 1, note: `${name}() leaves ${m} unset` }, { line: use.startPosition.row + 1, note: `${m} used` }],
        }));
        break;
      }
    }
  }
  return out;
}
