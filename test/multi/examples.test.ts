import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRunInfo, readTranscript, runDirs, runJarvis } from '../support/jarvis-cli.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * `jarvis agent -c team.yaml` end to end: the real CLI, the example teams of examples/ with
 * their reply scripts, real tools (gcc, AddressSanitizer) in a scratch project.
 */

const EXAMPLES = resolve(import.meta.dirname, '../../examples');
const hasCc = spawnSync('cc', ['--version']).status === 0;

function project(): { cwd: string; home: string } {
  const root = tempTree({});
  const cwd = join(root, 'work');
  const home = join(root, 'home');
  mkdirSync(cwd, { recursive: true });
  mkdirSync(home, { recursive: true });
  return { cwd, home };
}

function example(name: string): { team: string; env: Record<string, string> } {
  return { team: join(EXAMPLES, name, 'team.yaml'), env: { JARVIS_CONFIG: join(EXAMPLES, name, 'config.yaml') } };
}

describe('the example teams', () => {
  it.skipIf(!hasCc)('dev-review: the developer writes and builds max.c, the reviewer\'s findings are applied', async () => {
    const p = project();
    const ex = example('dev-review');
    const r = await runJarvis(['agent', '-c', ex.team, '-n', '-T', 'Write max.c with int max_int(int a, int b) and a main that checks it; build and run it.'], { ...p, env: ex.env });

    expect(r.stderr).not.toMatch(/internal error|scripted platform/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/The reviewer found the\s+function correct/);
    // the hops are shown as they happen
    expect(r.stderr).toContain('developer → reviewer (with hand-off summary): # Review request: max_int in max.c');
    expect(r.stderr).toContain('reviewer → developer (with hand-off summary): # Review of max.c');
    // the reviewer's findings really were applied, and the result builds and runs
    const src = readFileSync(join(p.cwd, 'max.c'), 'utf8');
    expect(src).toContain('max_int(INT_MIN, 0)');
    execFileSync('cc', ['-Wall', '-Werror', '-o', 'max2', 'max.c'], { cwd: p.cwd });
    expect(execFileSync(join(p.cwd, 'max2'), { cwd: p.cwd }).toString()).toBe('ok\n');

    const [dir] = runDirs(p.cwd);
    const records = readTranscript(dir as string);
    expect(records.filter((x) => x.type === 'team_message').map((x) => `${String(x.from)}>${String(x.to)}`)).toEqual(['developer>reviewer', 'reviewer>developer']);
    expect(records.filter((x) => x.type === 'handoff_summary').every((x) => x.ok === true)).toBe(true);
    expect(records.at(-1)).toMatchObject({ type: 'team_result', status: 'completed', final_agent: 'developer', messages: 2 });
    expect(readRunInfo(dir as string)).toMatchObject({ status: 'ok', command: 'jarvis agent developer (team)' });
  });

  it.skipIf(!hasCc)('sec-verify: the verifier proves the overflow with ASan and the analyst writes the report (JSON output with the route)', async () => {
    const p = project();
    copyFileSync(join(EXAMPLES, 'sec-verify', 'vuln.c'), join(p.cwd, 'vuln.c'));
    const ex = example('sec-verify');
    const r = await runJarvis(['agent', '-c', ex.team, '-n', '-T', 'Audit vuln.c for memory-safety bugs', '--output-format', 'json'], { ...p, env: ex.env });

    expect(r.stderr).not.toMatch(/internal error|scripted platform/);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({
      status: 'completed',
      final_agent: 'analyst',
      route: [
        { n: 1, from: 'analyst', to: 'verifier', subject: '# Candidate: stack buffer overflow (CWE-121) in vuln.c', summary: true },
        { n: 2, from: 'verifier', to: 'analyst', subject: '# Confirmed: stack buffer overflow in greet() (vuln.c:7)', summary: true },
      ],
    });
    expect(out.result).toMatch(/CWE-121/);
    expect(readFileSync(join(p.cwd, 'security-report.md'), 'utf8')).toContain('vuln.c:7');
    // the verifier's run was real: ASan's report reached the model
    const [dir] = runDirs(p.cwd);
    const toolResults = readTranscript(dir as string).filter((x) => x.type === 'tool_result' && x.name === 'execute_script');
    expect(toolResults).toHaveLength(1);
    expect(existsSync(join(p.cwd, 'vuln'))).toBe(true);
  });
});

describe('jarvis agent -c with a team file', () => {
  function scriptedTeam(p: { cwd: string }, team: string, replies: string): Record<string, string> {
    writeFileSync(join(p.cwd, '..', 'team.yaml'), team);
    writeFileSync(join(p.cwd, '..', 'replies.yaml'), replies);
    writeFileSync(join(p.cwd, '..', 'config.yaml'), 'llm_groups:\n  t:\n    normal: { platform: scripted, script: replies.yaml }\n');
    return { JARVIS_CONFIG: join(p.cwd, '..', 'config.yaml') };
  }

  it('stops a ping-pong with exit code 3 and says why', async () => {
    const p = project();
    const msg = (to: string, text: string) => `  - "<SEND_MESSAGE>\\nto: ${to}\\ncontent: ${text}\\n</SEND_MESSAGE>"`;
    const env = scriptedTeam(
      p,
      'main_agent: a\nagents:\n  - {name: a, system_prompt: A., summary_on_send: false}\n  - {name: b, system_prompt: B., summary_on_send: false}\n',
      ['replies:', msg('b', 'ping'), msg('a', 'pong'), msg('b', 'ping'), msg('a', 'pong'), ''].join('\n'),
    );
    const r = await runJarvis(['agent', '-c', join(p.cwd, '..', 'team.yaml'), '-n', '-T', 'play'], { ...p, env });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/incomplete: The team was stopped: b and a keep sending each other the same messages/);
    expect(r.stdout).toBe('');
    const [dir] = runDirs(p.cwd);
    expect(readRunInfo(dir as string)).toMatchObject({ status: 'failed' });
  });

  it.each([
    ['a duplicate agent name', 'main_agent: a\nagents:\n  - {name: a, system_prompt: A.}\n  - {name: a, system_prompt: B.}\n', /team\.yaml:4: agents\.1\.name: duplicate agent name "a" \(also agents\.0\)/],
    ['an unknown tool', 'main_agent: a\nagents:\n  - {name: a, system_prompt: A.}\n  - {name: b, system_prompt: B., use_tools: [read_code, rm_rf]}\n', /team agent b: use_tools: unknown tool rm_rf/],
  ])('reports %s in one line, before any run directory exists', async (_what, team, message) => {
    const p = project();
    const env = scriptedTeam(p, team, 'replies: []\n');
    const r = await runJarvis(['agent', '-c', join(p.cwd, '..', 'team.yaml'), '-n', '-T', 'x'], { ...p, env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(runDirs(p.cwd)).toEqual([]);
  });

  it('refuses a non-interactive team run without a task', async () => {
    const p = project();
    const env = scriptedTeam(p, 'main_agent: a\nagents:\n  - {name: a, system_prompt: A.}\n', 'replies: []\n');
    const r = await runJarvis(['agent', '-c', join(p.cwd, '..', 'team.yaml'), '-n'], { ...p, env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/a non-interactive team run needs a task/);
  });
});
