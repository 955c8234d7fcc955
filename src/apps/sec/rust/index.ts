import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor, type Hit, type RuleMeta } from '../rule-meta.js';
import { hasSafetyComment, inTestContext, lowerSeverity, safetyCommentRows } from './context.js';
import { RUST_RULES as R } from './rules.js';

export { RUST_RULE_LIST, RUST_RULES } from './rules.js';

const SUGGEST: Record<string, string> = {
  [R.unsafeBlock.id]: 'Keep the block minimal and add a `// SAFETY:` comment stating the invariants it relies on; prefer a safe API.',
  [R.unsafeFn.id]: 'Document the caller\'s obligations in a `/// # Safety` section, or make the function safe by checking them.',
  [R.rawPointer.id]: 'Prefer references, slices or NonNull<T>; check null and alignment before dereferencing.',
  [R.transmute.id]: 'Use from_ne_bytes/to_bits/`as` casts/pointer::cast, or bytemuck-style checked conversions.',
  [R.forget.id]: 'Use ManuallyDrop or into_raw() so the ownership hand-off is explicit, or let the value drop.',
  [R.uninit.id]: 'Write every byte before assume_init(); use MaybeUninit::write or zero-initialise explicitly.',
  [R.unwrap.id]: 'Propagate with `?` or handle the None/Err case; keep unwrap() for invariants and say why in expect().',
  [R.ignoredResult.id]: 'Handle the error, propagate it with `?`, or log it; if ignoring is right, say why in a comment.',
  [R.externC.id]: 'Validate every pointer and length received across the boundary; document ownership and thread-safety.',
  [R.unsafeSendSync.id]: 'Prove that all fields are Send/Sync (or guarded by a lock) and write the argument in a SAFETY comment.',
};

/** The called function's own name: `transmute` in `std::mem::transmute::<A, B>(x)`, `unwrap` in `x.unwrap()`. */
function calleeName(call: SyntaxNode): string | undefined {
  let fn = call.childForFieldName('function');
  if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
  if (!fn) return undefined;
  if (fn.type === 'identifier') return fn.text;
  if (fn.type === 'scoped_identifier') return fn.childForFieldName('name')?.text;
  if (fn.type === 'field_expression') return fn.childForFieldName('field')?.text;
  return undefined;
}

function hasKeyword(node: SyntaxNode, word: string): boolean {
  return node.children.some((c) => !c.isNamed && c.type === word);
}

function collect(root: SyntaxNode): Array<[RuleMeta, Hit]> {
  const hits: Array<[RuleMeta, Hit]> = [];
  const add = (rule: RuleMeta, node: SyntaxNode, confidence: number, pattern: string, description?: string) =>
    hits.push([rule, { node, confidence, pattern, description }]);
  const pointerLines = new Set<number>();
  for (const n of root.descendantsOfType([
    'unsafe_block', 'function_item', 'function_signature_item', 'pointer_type', 'call_expression',
    'let_declaration', 'foreign_mod_item', 'impl_item',
  ])) {
    switch (n.type) {
      case 'unsafe_block':
        add(R.unsafeBlock, n, 0.6, 'unsafe');
        break;
      case 'function_item': {
        const mods = n.namedChildren.find((c) => c.type === 'function_modifiers');
        if (mods && hasKeyword(mods, 'unsafe')) add(R.unsafeFn, n, 0.5, 'unsafe fn');
        if (mods?.namedChildren.some((c) => c.type === 'extern_modifier')) add(R.externC, n, 0.45, 'extern fn', `Function ${n.childForFieldName('name')?.text ?? ''} is callable from foreign code; ${R.externC.help}`);
        break;
      }
      case 'pointer_type':
        // One finding per line: `*const *mut T` or a signature with several pointers is one concern.
        if (!pointerLines.has(n.startPosition.row)) {
          pointerLines.add(n.startPosition.row);
          add(R.rawPointer, n, 0.4, n.text.startsWith('*mut') ? '*mut' : '*const');
        }
        break;
      case 'foreign_mod_item':
        add(R.externC, n, 0.5, 'extern block', `Foreign functions declared here are trusted blindly; ${R.externC.help}`);
        break;
      case 'impl_item': {
        const trait = n.childForFieldName('trait')?.text.replace(/^.*::/, '');
        if (hasKeyword(n, 'unsafe') && (trait === 'Send' || trait === 'Sync')) add(R.unsafeSendSync, n, 0.7, `unsafe impl ${trait}`);
        break;
      }
      case 'let_declaration': {
        const value = n.childForFieldName('value');
        const pattern = n.childForFieldName('pattern');
        const wildcard = (pattern?.text ?? n.children.find((c) => c.type === '_')?.text) === '_';
        if (wildcard && value?.type === 'call_expression') add(R.ignoredResult, n, 0.45, 'let _ =');
        break;
      }
      case 'call_expression':
        collectCall(n, add);
        break;
    }
  }
  return hits;
}

function collectCall(n: SyntaxNode, add: (rule: RuleMeta, node: SyntaxNode, confidence: number, pattern: string, description?: string) => void): void {
  const name = calleeName(n);
  const method = n.childForFieldName('function')?.type === 'field_expression';
  switch (name) {
    case 'transmute':
    case 'transmute_copy':
      if (!method) add(R.transmute, n, 0.75, name);
      break;
    case 'forget':
      if (!method && /mem::forget|^forget/.test(n.childForFieldName('function')?.text ?? '')) add(R.forget, n, 0.5, 'mem::forget');
      break;
    case 'uninitialized':
      if (!method) add(R.uninit, n, 0.85, 'mem::uninitialized');
      break;
    case 'zeroed':
      if (!method && /mem::zeroed|^zeroed/.test(n.childForFieldName('function')?.text ?? '')) add(R.uninit, n, 0.45, 'mem::zeroed', 'mem::zeroed() is undefined behaviour for references, NonNull, enums without a zero variant and function pointers.');
      break;
    case 'assume_init':
    case 'assume_init_read':
    case 'assume_init_ref':
    case 'assume_init_mut':
      add(R.uninit, n, 0.6, name, `${name}() asserts the memory is initialised; if any path skips the write, this reads uninitialised memory.`);
      break;
    case 'unwrap':
    case 'expect':
      if (method) add(R.unwrap, n, name === 'unwrap' ? 0.35 : 0.3, `.${name}()`);
      break;
    case 'ok':
      if (method && n.parent?.type === 'expression_statement') add(R.ignoredResult, n, 0.45, '.ok();', 'Calling .ok() and dropping the Option discards the error.');
      break;
  }
}

/** Rust rules on the tree-sitter AST; SAFETY comments and test code lower confidence, tests skip panics. */
export function analyzeRust(root: SyntaxNode, file: string): RawFinding[] {
  const safetyRows = safetyCommentRows(root);
  const out: RawFinding[] = [];
  for (const [rule, hit] of collect(root)) {
    const inTest = inTestContext(hit.node, file);
    // A panic or an ignored Result in a test is the test failing loudly, not a vulnerability.
    if (inTest && (rule === R.unwrap || rule === R.ignoredResult)) continue;
    let severity = rule.severity;
    if ((rule === R.unsafeBlock || rule === R.unsafeFn || rule === R.unsafeSendSync || rule === R.transmute) && hasSafetyComment(hit.node, safetyRows)) {
      hit.confidence *= 0.6;
      severity = lowerSeverity(severity);
      hit.description = `${hit.description ?? rule.help} A SAFETY comment argues why this is sound; review that argument.`;
    }
    if (inTest) {
      hit.confidence *= 0.5;
      severity = lowerSeverity(severity);
    }
    out.push(findingFor(rule, SUGGEST[rule.id] ?? '', { ...hit, severity }));
  }
  return out;
}
