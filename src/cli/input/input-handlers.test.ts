import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  createBuiltinCommandHandler,
  createFileContextHandler,
  createShellLinesHandler,
  defaultInputHandlers,
  runInputChain,
  type InputContext,
} from './index.js';

interface Recorded {
  calls: string[];
  printed: string[];
  addons: string[];
  confirms: string[];
}

function setup(opts: { interactive?: boolean; answers?: boolean[] } = {}): { ctx: InputContext; rec: Recorded; root: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-input-')));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const runDir = join(root, '.jarvis', 'runs', 'r1');
  mkdirSync(runDir, { recursive: true });
  const rec: Recorded = { calls: [], printed: [], addons: [], confirms: [] };
  const answers = [...(opts.answers ?? [])];
  const ctx: InputContext = {
    root,
    interactive: opts.interactive ?? true,
    confirm: async (q) => {
      rec.confirms.push(q);
      return answers.shift() ?? false;
    },
    print: (t) => rec.printed.push(t),
    tool: { root, runDir, interactive: opts.interactive ?? true, env: { PATH: process.env.PATH ?? '' } },
    agent: {
      summarizeAndClear: async () => {
        rec.calls.push('summarize');
        return 'the summary';
      },
      clearHistory: () => void rec.calls.push('clear'),
      addAddon: (t) => rec.addons.push(t),
      toolUsage: () => 'TOOL USAGE',
      saveSession: () => {
        rec.calls.push('save');
        return join(root, '.jarvis', 'saved_session_x.json');
      },
    },
  };
  return { ctx, rec, root };
}

describe('builtin commands', () => {
  const h = createBuiltinCommandHandler();

  it('runs a lone command and does not call the model', async () => {
    const { ctx, rec } = setup();
    expect(await h.handle("'<Clear>'", ctx)).toEqual({ text: '', needReturn: true });
    expect(rec.calls).toEqual(['clear']);
  });

  it('removes the command token and passes the rest of the text on', async () => {
    const { ctx, rec } = setup();
    expect(await h.handle("'<Summary>' now fix the build", ctx)).toEqual({ text: 'now fix the build', needReturn: false });
    expect(rec.calls).toEqual(['summarize']);
  });

  it('moves an append shortcut into the addon and leaves unknown tags alone', async () => {
    const { ctx, rec } = setup();
    const records: unknown[] = [];
    ctx.record = (r) => records.push(r);
    const r = await h.handle("crash in parse() '<Fix>' with '<T>' templates", ctx);
    expect(r.text).toBe("crash in parse()  with '<T>' templates");
    expect(rec.addons).toHaveLength(1);
    expect(rec.addons[0]).toMatch(/root cause/);
    expect(records).toEqual([{ type: 'input_command', commands: [], shortcuts: ['Fix'] }]);
  });

  it.each(["'<Help>'", '<Help>', '  <Help>  '])('takes %j with or without the quotes', async (typed) => {
    const { ctx, rec } = setup();
    expect(await h.handle(typed, ctx)).toEqual({ text: '', needReturn: true });
    expect(rec.printed.join('\n')).toMatch(/^input commands:/);
  });

  it('runs bare commands and shortcuts between words, and leaves tags inside code alone', async () => {
    const { ctx, rec } = setup();
    const r = await h.handle('<Clear>\nwhy does std::vector<Summary> fail? <Fix>', ctx);
    expect(r).toEqual({ text: 'why does std::vector<Summary> fail?', needReturn: false });
    expect(rec.calls).toEqual(['clear']);
    expect(rec.addons[0]).toMatch(/root cause/);
    expect((await h.handle('a <T> b', ctx)).text).toBe('a <T> b');
  });

  it('saves the session and asks to exit', async () => {
    const { ctx, rec } = setup();
    expect(await h.handle("'<SaveSession>'", ctx)).toEqual({ text: '', needReturn: true, exit: true });
    expect(rec.calls).toEqual(['save']);
    expect(rec.printed.join('\n')).toMatch(/--restore-session/);
  });

  it('gives the tool usage as addon and still sends the text', async () => {
    const { ctx, rec } = setup();
    expect(await h.handle("'<ToolUsage>' go on", ctx)).toEqual({ text: 'go on', needReturn: false });
    expect(rec.addons).toEqual(['TOOL USAGE']);
  });
});

describe('shell lines', () => {
  const h = createShellLinesHandler();

  it('runs confirmed ! lines in the root and sends script and output to the agent', async () => {
    const { ctx, rec, root } = setup({ answers: [true, true] });
    const r = await h.handle('look at this\n!echo hi > made.txt\n!cat made.txt', ctx);
    expect(readFileSync(join(root, 'made.txt'), 'utf8')).toBe('hi\n');
    expect(rec.confirms).toHaveLength(2);
    expect(r.needReturn).toBe(false);
    expect(r.text).toMatch(/^look at this/);
    expect(r.text).toContain('cat made.txt');
    expect(r.text).toMatch(/exit code: 0[\s\S]*hi/);
  });

  it('does not run the script when the user refuses', async () => {
    const { ctx, root } = setup({ answers: [false] });
    expect(await h.handle('!touch nope.txt', ctx)).toEqual({ text: '', needReturn: true });
    expect(existsSync(join(root, 'nope.txt'))).toBe(false);
  });

  it('runs only NOCONFIRM scripts when nobody can be asked', async () => {
    const { ctx, rec, root } = setup({ interactive: false });
    const refused = await h.handle('task\n!touch nope.txt', ctx);
    expect(refused).toEqual({ text: 'task', needReturn: false });
    expect(existsSync(join(root, 'nope.txt'))).toBe(false);
    expect(rec.printed.join('\n')).toMatch(/JARVIS-NOCONFIRM/);

    const ran = await h.handle('!touch yes.txt # JARVIS-NOCONFIRM', ctx);
    expect(existsSync(join(root, 'yes.txt'))).toBe(true);
    expect(ran.text).toContain('touch yes.txt');
    expect(ran.text).not.toContain('JARVIS-NOCONFIRM');
    expect(rec.confirms).toEqual([]);
  });
});

describe('file context', () => {
  const h = createFileContextHandler();

  it('outlines quoted C and Rust files with their definitions and lines', async () => {
    const { ctx, root } = setup();
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'main.c'), 'struct cfg { int a; };\n\nstatic int *parse(int x) { return 0; }\nint main(void) { return 0; }\n');
    writeFileSync(join(root, 'lib.rs'), 'pub struct S;\nimpl S {\n    fn new() -> S { S }\n}\nfn helper() {}\n');
    const r = await h.handle("why does 'src/main.c' differ from 'lib.rs' and 'missing.c'?", ctx);
    expect(r.text).toMatch(/^why does 'src\/main.c'/);
    expect(r.text).toContain('- src/main.c (4 lines): struct cfg (line 1), fn parse (line 3), fn main (line 4)');
    expect(r.text).toContain('- lib.rs (5 lines): struct S (line 1), impl S (line 2), fn new (line 3), fn helper (line 5)');
    expect(r.text).not.toContain('missing.c (');
  });

  it('leaves text without existing quoted paths unchanged', async () => {
    const { ctx } = setup();
    expect(await h.handle("it's 'not a file' here", ctx)).toEqual({ text: "it's 'not a file' here", needReturn: false });
  });
});

describe('input chain', () => {
  it('stops at the first handler that returns', async () => {
    const { ctx, root, rec } = setup();
    // the command token goes, the shell line stays and is asked about (refused by the default answer)
    const r = await runInputChain(defaultInputHandlers(), "'<Clear>'\n!touch never.txt", ctx);
    expect(r).toEqual({ text: '', needReturn: true, exit: false });
    expect(existsSync(join(root, 'never.txt'))).toBe(false);
    expect(rec.calls).toEqual(['clear']);
    expect(rec.confirms).toHaveLength(1);
    const only = await runInputChain(defaultInputHandlers(), "'<Help>'", ctx);
    expect(only).toEqual({ text: '', needReturn: true, exit: false });
  });
});
