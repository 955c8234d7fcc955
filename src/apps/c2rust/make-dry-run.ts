import { isAbsolute, resolve } from 'node:path';
import type { CompileDbEntry } from './compile-db.js';

/**
 * Compile and link commands out of `make -n -w` output. Make prints each recipe line as the
 * shell would run it; this reads the simple commands in it (split at `;`, `&&`, `||`, `|`,
 * parentheses), follows `cd DIR` inside a line and make's own "Entering directory" lines, and
 * keeps the ones whose program is a C/C++ compiler driver.
 */
export interface MakeCommands {
  /** One entry per (source file, command), in the order make printed them. */
  compiles: CompileDbEntry[];
  /** Commands that produce an executable or library from objects/sources (`cc … -o prog a.o b.c -lm`). */
  links: LinkCommand[];
}

export interface LinkCommand {
  directory: string;
  output: string;
  arguments: string[];
}

const COMPILER = /^(?:[\w.+-]*-)?(?:cc|gcc|clang|c\+\+|g\+\+|clang\+\+|tcc|icc|icx|pcc)(?:-\d+(?:\.\d+)*)?$/;
const SOURCE = /\.(c|cc|cpp|cxx|c\+\+|C)$/;
/** Wrappers that run the compiler named after them. */
const WRAPPERS = new Set(['ccache', 'distcc', 'sccache', 'time', 'exec', 'nice', 'command']);
/** Compiler options whose value is the next word (so that word is not a source file). */
const TAKES_VALUE = new Set([
  '-o', '-I', '-D', '-U', '-include', '-imacros', '-isystem', '-iquote', '-idirafter', '-isysroot', '-x', '-MF', '-MT', '-MQ', '-L', '-l', '-Xlinker', '-Xpreprocessor', '-Xassembler', '-arch', '-target', '--sysroot',
]);
const OPERATORS = ['&&', '||', ';', '|', '(', ')', '&'];

/** Splits one shell line into words and operators; quotes and backslashes as sh reads them. */
export function shellWords(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let quote: '"' | "'" | undefined;
  const flush = () => {
    if (has || cur) out.push(cur);
    cur = '';
    has = false;
  };
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === '\\' && quote === '"' && i + 1 < line.length && '"\\$`'.includes(line[i + 1] as string)) cur += line[++i];
      else cur += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      has = true;
    } else if (ch === '\\' && i + 1 < line.length) {
      cur += line[++i];
      has = true;
    } else if (/\s/.test(ch)) flush();
    else {
      const op = OPERATORS.find((o) => line.startsWith(o, i));
      if (op) {
        flush();
        out.push(op);
        i += op.length - 1;
      } else cur += ch;
    }
  }
  flush();
  return out;
}

/** Reads `make -n -w` output that ran in `startDir`. */
export function parseMakeOutput(output: string, startDir: string): MakeCommands {
  const compiles: CompileDbEntry[] = [];
  const links: LinkCommand[] = [];
  const dirs: string[] = [startDir];
  // Recipe lines continued with a backslash are printed as they are written.
  const lines = output.replace(/\\\r?\n/g, ' ').split('\n');
  for (const raw of lines) {
    const enter = /^\S*make(?:\[\d+\])?: Entering directory ['`](.*)'$/.exec(raw);
    if (enter) {
      dirs.push(enter[1] as string);
      continue;
    }
    if (/^\S*make(?:\[\d+\])?: Leaving directory /.test(raw)) {
      if (dirs.length > 1) dirs.pop();
      continue;
    }
    if (/^\S*make(?:\[\d+\])?: /.test(raw)) continue;
    let cwd = dirs[dirs.length - 1] as string;
    const words = shellWords(raw);
    let cmd: string[] = [];
    const finish = () => {
      if (cmd.length > 0) {
        if (cmd[0] === 'cd' && cmd[1]) cwd = resolve(cwd, cmd[1]);
        else collect(cmd, cwd, compiles, links);
      }
      cmd = [];
    };
    for (const w of words) {
      if (OPERATORS.includes(w)) finish();
      else cmd.push(w);
    }
    finish();
  }
  return { compiles, links };
}

function collect(words: string[], cwd: string, compiles: CompileDbEntry[], links: LinkCommand[]): void {
  let i = 0;
  // `VAR=value cmd`, `env VAR=value cmd`, `ccache gcc`, `libtool --mode=compile gcc`.
  for (;;) {
    const w = words[i];
    if (w === undefined) return;
    if (/^[A-Za-z_]\w*=/.test(w) || w === 'env' || WRAPPERS.has(basename(w))) i++;
    else if (basename(w) === 'libtool') {
      i++;
      while (words[i]?.startsWith('-')) i++;
    } else break;
  }
  const argv = words.slice(i);
  if (!COMPILER.test(basename(argv[0] as string))) return;
  const sources: string[] = [];
  let output: string | undefined;
  let compileOnly = false;
  let objects = 0;
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k] as string;
    if (a === '-o') output = argv[++k];
    else if (TAKES_VALUE.has(a)) k++;
    else if (a === '-c' || a === '-S' || a === '-E' || a === '-M' || a === '-MM') compileOnly = true;
    else if (a.startsWith('-')) continue;
    else if (SOURCE.test(a)) sources.push(a);
    else if (/\.(o|a|so|obj|lo)$/.test(a) || /\.so\.\d/.test(a)) objects++;
  }
  for (const s of sources) compiles.push({ directory: cwd, file: isAbsolute(s) ? s : resolve(cwd, s), arguments: argv });
  // Preprocessing only, or compiling to an object, is not a link.
  if (!compileOnly && (objects > 0 || sources.length > 0)) links.push({ directory: cwd, output: resolve(cwd, output ?? 'a.out'), arguments: argv });
}

function basename(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

/** The flags of a link command that name what to link against: -l, -L, -pthread, -Wl,… */
export function linkFlags(argv: readonly string[], cwd: string): string[] {
  const out: string[] = [];
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k] as string;
    if ((a === '-l' || a === '-L') && argv[k + 1] !== undefined) {
      const v = argv[++k] as string;
      out.push(a === '-L' ? `-L${resolve(cwd, v)}` : `-l${v}`);
    } else if (a.startsWith('-L') && a.length > 2) out.push(`-L${resolve(cwd, a.slice(2))}`);
    else if (/^-l./.test(a) || a === '-pthread' || a === '-fopenmp' || a.startsWith('-Wl,')) out.push(a);
    else if (/^-m(32|64)$/.test(a)) out.push(a);
  }
  return out;
}
