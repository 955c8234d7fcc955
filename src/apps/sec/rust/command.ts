/**
 * Shell commands built at run time: `Command::new("sh").arg("-c").arg(format!("… {}", x))`.
 * `Command` runs a program with an argument vector and no shell, which is safe whatever the
 * arguments hold; starting a shell and handing it one string to interpret brings back every
 * injection `system()` has. Only that shape is reported: a shell, its "run this string" flag, and
 * a string that is not a constant.
 */
import type { SyntaxNode } from '../../../lang/index.js';
import type { RuleContext } from './ctx.js';
import { RUST_RULES as R } from './rules.js';
import { callArgs, calleeName, calleePath, enclosingFunction, isConstantExpr, methodReceiver, unwrapExpr } from './syntax.js';

const SHELL = /^(?:(?:\/usr)?\/bin\/)?(?:sh|bash|dash|zsh|ksh|fish|cmd|cmd\.exe|powershell|powershell\.exe|pwsh)$/i;
/** the flag after which a shell runs its next argument as a command line */
const RUN_FLAG = /^(?:-c|\/c|\/C|-Command|-command)$/;

function stringValue(n: SyntaxNode): string | undefined {
  const e = unwrapExpr(n);
  if (e.type === 'string_literal') return e.namedChildren.filter((c) => c.type === 'string_content').map((c) => c.text).join('');
  if (e.type === 'raw_string_literal') return e.text.replace(/^r#*"|"#*$/g, '');
  return undefined;
}

/** The arguments `.arg(x)` and `.args([..])` add, in order, from the calls chained onto `cmd` or made on its variable. */
function argsOf(create: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const take = (call: SyntaxNode): void => {
    const name = calleeName(call);
    const [a] = callArgs(call);
    if (!a) return;
    if (name === 'arg') out.push(a);
    else if (name === 'args') {
      const list = unwrapExpr(a.type === 'reference_expression' ? (a.namedChildren[a.namedChildren.length - 1] ?? a) : a);
      if (list.type === 'array_expression') out.push(...list.namedChildren);
      else out.push(list);
    }
  };
  // the chain: Command::new("sh").arg("-c").arg(x)
  let at: SyntaxNode = create;
  for (;;) {
    const field = at.parent;
    const call = field?.type === 'field_expression' ? field.parent : undefined;
    if (!call || call.type !== 'call_expression') break;
    take(call);
    at = call;
  }
  // `let mut c = Command::new("sh"); c.arg("-c"); c.arg(x);`
  const bound = at.parent?.type === 'let_declaration' ? at.parent.childForFieldName('pattern')?.text.replace(/^mut\s+/, '') : undefined;
  const fn = bound ? enclosingFunction(create) : undefined;
  if (bound && fn) {
    for (const call of fn.descendantsOfType('call_expression')) {
      if (call.startIndex <= create.endIndex) continue;
      let recv = methodReceiver(call);
      while (recv?.type === 'call_expression') recv = methodReceiver(recv);
      if (recv?.text === bound) take(call);
    }
  }
  return out;
}

export function judgeCommand(call: SyntaxNode, ctx: RuleContext): void {
  if (!/(^|::)Command::new$/.test(calleePath(call))) return;
  const [prog] = callArgs(call);
  const shell = prog ? stringValue(prog) : undefined;
  if (!shell || !SHELL.test(shell)) return;
  const args = argsOf(call);
  const flag = args.findIndex((a) => RUN_FLAG.test(stringValue(a) ?? ''));
  const line = flag >= 0 ? args[flag + 1] : undefined;
  if (!line || isConstantExpr(line)) return;
  const built = /\bformat!|\+|concat\(|push_str|join\(/.test(line.text);
  ctx.add(R.shellCommand, line, built ? 0.7 : 0.5, `${shell} ${stringValue(args[flag] as SyntaxNode)}`, {
    description: `${shell} runs '${line.text}' as a command line: ${built ? 'text built at run time' : 'a string from elsewhere'} reaches the shell, so quotes, ';', '|' or '$(…)' in it run other commands.`,
    severity: built ? 'high' : 'medium',
  });
}
