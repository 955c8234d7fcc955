import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { judgeLetUnderscore, judgeStatement, judgeUnwrap } from './calls.js';
import { inTestContext, lowerSeverity, safetyArgument } from './context.js';
import { RuleContext } from './ctx.js';
import { judgeCommand } from './command.js';
import { judgeMemoryCall } from './memory.js';
import { RUST_RULES as R } from './rules.js';
import { calleeName } from './syntax.js';
import { SAFETY_FACTOR, judgeAllocatorMismatch, judgeDerefs, judgeExternFn, judgeForeignMod, judgePointerType, judgeSendSync, judgeUnsafeBlock, judgeUnsafeFn } from './unsafe.js';

export { RUST_RULE_LIST, RUST_RULES } from './rules.js';

const SUGGEST: Record<string, string> = {
  [R.unsafeBlock.id]: 'Keep the block minimal and add a `// SAFETY:` comment stating the invariants it relies on; prefer a safe API.',
  [R.unsafeFn.id]: 'Document the caller\'s obligations in a `/// # Safety` section, or make the function safe by checking them.',
  [R.rawPointer.id]: 'Check for null (is_null/as_ref/NonNull::new) and bounds before dereferencing; prefer references, slices or NonNull<T>; mark functions that dereference pointer arguments `unsafe`.',
  [R.transmute.id]: 'Use from_ne_bytes/to_bits/`as` casts/pointer::cast, TryFrom for enums, or bytemuck-style checked conversions.',
  [R.forget.id]: 'Use ManuallyDrop or into_raw()/into_raw_parts() so the ownership hand-off is explicit, or let the value drop.',
  [R.uninit.id]: 'Write every field before assume_init(); use MaybeUninit::write, Default, or zero-initialise only plain data.',
  [R.unwrap.id]: 'Propagate with `?` or handle the None/Err case; keep unwrap() for invariants and say why in expect().',
  [R.ignoredResult.id]: 'Handle the error, propagate it with `?`, or log it; if ignoring is right, say why in a comment.',
  [R.externC.id]: 'Check every pointer argument for null before use, catch panics with catch_unwind, and document ownership and thread-safety.',
  [R.shellCommand.id]: 'Run the program itself with Command::new(program).args([...]): no shell parses the arguments. If a shell is needed, pass the values as positional parameters ("$1") after the script, never inside it.',
  [R.unsafeSendSync.id]: 'Prove that all fields are Send/Sync (or guarded by a lock), bound generic parameters, and write the argument in a SAFETY comment.',
};

/** Rules whose findings a SAFETY comment lowers here (the others weigh it in their own judgement). */
const SAFETY_DISCOUNTED = new Set<string>([R.transmute.id, R.uninit.id, R.forget.id]);

function collect(root: SyntaxNode): RuleContext {
  const ctx = new RuleContext(root);
  const pointerOwners = new Set<number>();
  for (const n of root.descendantsOfType([
    'unsafe_block', 'function_item', 'pointer_type', 'call_expression', 'let_declaration', 'expression_statement', 'foreign_mod_item', 'impl_item',
  ])) {
    switch (n.type) {
      case 'unsafe_block':
        judgeUnsafeBlock(n, ctx);
        break;
      case 'function_item': {
        const fn = ctx.fn(n);
        if (fn.unsafe) judgeUnsafeFn(fn, ctx);
        const verdicts = judgeDerefs(fn, ctx);
        if (fn.extern) judgeExternFn(fn, verdicts, ctx);
        break;
      }
      case 'pointer_type':
        judgePointerType(n, pointerOwners, ctx);
        break;
      case 'foreign_mod_item':
        judgeForeignMod(n, ctx);
        break;
      case 'impl_item':
        judgeSendSync(n, ctx);
        break;
      case 'let_declaration': {
        const pattern = n.childForFieldName('pattern');
        const wildcard = (pattern?.text ?? n.children.find((c) => c.type === '_')?.text) === '_';
        if (wildcard) judgeLetUnderscore(n, ctx);
        break;
      }
      case 'expression_statement':
        judgeStatement(n, ctx);
        break;
      case 'call_expression': {
        const name = calleeName(n);
        if ((name === 'unwrap' || name === 'expect') && n.childForFieldName('function')?.type === 'field_expression') judgeUnwrap(n, ctx);
        else if (name === 'free' || name === 'from_raw' || name === 'from_raw_parts') judgeAllocatorMismatch(n, ctx);
        else if (name === 'new') judgeCommand(n, ctx);
        judgeMemoryCall(n, ctx);
        break;
      }
    }
  }
  return ctx;
}

/**
 * Rust rules on the tree-sitter AST. Each rule judges what the code does and the argument it
 * carries (SAFETY comments, `# Safety` contracts, null checks, literals): a justified construct is
 * reported below 0.4, an unjustified one at 0.5 or more. Test code lowers findings and skips
 * panics and ignored results.
 */
export function analyzeRust(root: SyntaxNode, file: string): RawFinding[] {
  const out: RawFinding[] = [];
  for (const hit of collect(root).hits) {
    const rule = hit.rule;
    const inTest = inTestContext(hit.node, file);
    // A panic or an ignored Result in a test is the test failing loudly, not a vulnerability.
    if (inTest && (rule === R.unwrap || rule === R.ignoredResult)) continue;
    let severity = hit.severity ?? rule.severity;
    if (SAFETY_DISCOUNTED.has(rule.id) && !hit.noSafetyDiscount) {
      const arg = safetyArgument(hit.node);
      if (arg) {
        hit.confidence *= SAFETY_FACTOR;
        severity = lowerSeverity(severity);
        hit.description = `${hit.description ?? rule.help} A SAFETY comment argues why this is sound; review that argument.`;
      }
    }
    if (inTest) {
      hit.confidence *= 0.5;
      severity = lowerSeverity(severity);
    }
    if (hit.confidence < 0.4) severity = 'low';
    out.push(findingFor(rule, SUGGEST[rule.id] ?? '', { ...hit, severity }));
  }
  return out;
}
