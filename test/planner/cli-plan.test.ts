import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { readTranscript, runDirs, runJarvis } from '../support/jarvis-cli.js';
import { tempTree } from '../support/temp-tree.js';

/** `jarvis -T` with the planner and methodologies switched on in the config: the CLI wiring end to end. */

describe('jarvis -T with agent.plan and use_methodology', () => {
  it('plans, runs the children with the chosen methodology, and finishes in the parent', async () => {
    const root = tempTree({});
    const cwd = join(root, 'work');
    const home = join(root, 'home');
    mkdirSync(join(cwd, '.jarvis', 'methodologies'), { recursive: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(join(cwd, '.jarvis', 'methodologies', 'two-step-greeting.md'), '# Two-step greeting\n\nGreet first, then sign.\n');
    const replies = [
      { reply: '<PLAN>\n- Write the greeting\n- Sign it\n</PLAN>', expect: 'should be split into sub-tasks' },
      // each agent chooses methodologies on its first turn: child 1, child 2, then the parent
      { reply: '1', expect: '1. Two-step greeting: Greet first, then sign.' },
      { reply: 'Greeting: hello. <!!!COMPLETE!!!>', expect: 'Greet first, then sign.' },
      '1',
      { reply: 'Signed: Jarvis. <!!!COMPLETE!!!>', expect: 'Greeting: hello.' },
      '<RESULT_SUMMARY>greeted and signed</RESULT_SUMMARY>',
      'none',
      { reply: 'hello, Jarvis <!!!COMPLETE!!!>', expect: '<RESULT_SUMMARY>\ngreeted and signed' },
    ];
    writeFileSync(join(root, 'replies.yaml'), stringify({ replies }));
    writeFileSync(
      join(root, 'config.yaml'),
      stringify({
        llm_groups: { default: { normal: { platform: 'scripted', script: './replies.yaml' } } },
        agent: { plan: true, plan_max_depth: 1, use_analysis: false, need_summary: false, use_methodology: true },
      }),
    );
    const r = await runJarvis(['-n', '-T', 'Greet the user and sign the greeting.'], { cwd, home, env: { JARVIS_CONFIG: join(root, 'config.yaml') } });
    expect(r.stderr).not.toMatch(/warning|error/i);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('hello, Jarvis');

    const [dir] = runDirs(cwd);
    const t = readTranscript(dir as string);
    expect(t.find((x) => x.type === 'plan')).toMatchObject({ tasks: ['Write the greeting', 'Sign it'] });
    expect(t.filter((x) => x.type === 'sub_agent_end').map((x) => [x.agent, x.status])).toEqual([
      ['Jarvis-child-1', 'completed'],
      ['Jarvis-child-2', 'completed'],
    ]);
    expect(t.filter((x) => x.type === 'methodology_selected').map((x) => x.selected)).toEqual([['two-step-greeting'], ['two-step-greeting'], []]);
  });
});
