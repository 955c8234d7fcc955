import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMethodologyTools, listMethodologies, saveMethodology } from '../../src/agent/methodology/index.js';
import type { ScriptedPlatform } from '../../src/llm/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { lastMessages, replies, scenario, toolCall } from '../agent/harness.js';
import { tempTree } from '../support/temp-tree.js';

/** Methodologies in a run (docs/methodology.md): chosen on the first turn, saved by the analyzer. */

const CHOOSE = 'Which of the numbered methodologies apply to this task?';

function withSaved(main: ScriptedPlatform, cheap: ScriptedPlatform) {
  const dataDir = join(tempTree({}), '.jarvis');
  const warnings: string[] = [];
  const s = scenario(main, {}, { cheapPlatform: cheap, methodology: { dataDir }, warn: (m) => warnings.push(m) });
  const places = { root: s.root, dataDir };
  saveMethodology(places, { problemType: 'Fix a failing C build', content: 'Read the FIRST compiler error; fix it; rebuild.' });
  saveMethodology(places, { problemType: 'Write release notes', content: 'Group the changes by user impact.', scope: 'global' });
  saveMethodology(places, { problemType: 'Audit buffer copies', content: 'Find every memcpy and check its length.', scope: 'global' });
  return { s, warnings, places };
}

describe('methodologies in a run', () => {
  it('lets the cheap model pick the relevant ones and puts them into the first message only', async () => {
    const cheap = replies({ reply: '3', expect: CHOOSE });
    const main = replies('Working. <!!!COMPLETE!!!>');
    const { s } = withSaved(main, cheap);
    const res = await s.agent.run('The build of src/io.c fails with an error.');
    expect(res.status).toBe('completed');
    const listing = cheap.calls[0]?.messages.at(-1)?.content ?? '';
    expect(listing).toContain('1. Audit buffer copies: Find every memcpy');
    expect(listing).toContain('3. Write release notes');
    expect(listing).toContain('<task>\nThe build of src/io.c fails with an error.\n</task>');
    const first = lastMessages(main)[0] ?? '';
    expect(first).toContain('The build of src/io.c fails');
    expect(first).toContain('<methodology problem_type="Write release notes">\nGroup the changes by user impact.\n</methodology>');
    expect(first).not.toContain('memcpy');
    expect(s.transcript().find((r) => r.type === 'methodology_selected')).toMatchObject({ available: 3, selected: ['write-release-notes'] });
  });

  it('injects nothing when none applies, and asks only on the agent\'s first run', async () => {
    const cheap = replies('none');
    const main = replies('Done. <!!!COMPLETE!!!>', 'Done again. <!!!COMPLETE!!!>');
    const { s } = withSaved(main, cheap);
    await s.agent.run('Say hi.');
    await s.agent.run('Say hi again.');
    expect(cheap.calls).toHaveLength(1);
    expect(lastMessages(main).some((m) => m.includes('<methodology'))).toBe(false);
  });

  it('starts without them when choosing fails', async () => {
    const cheap = replies({ reply: 'x', expect: 'absent' });
    const main = replies('Done. <!!!COMPLETE!!!>');
    const { s, warnings } = withSaved(main, cheap);
    expect((await s.agent.run('Say hi.')).status).toBe('completed');
    expect(warnings.some((w) => w.startsWith('choosing methodologies failed'))).toBe(true);
  });

  it('asks nothing when there are no methodologies', async () => {
    const cheap = replies();
    const main = replies('Done. <!!!COMPLETE!!!>');
    const s = scenario(main, {}, { cheapPlatform: cheap, methodology: { dataDir: join(tempTree({}), '.jarvis') } });
    await s.agent.run('Say hi.');
    expect(cheap.calls).toHaveLength(0);
  });

  it('lets the task analyzer save a new methodology with save_methodology, for the next run to use', async () => {
    const root = tempTree({});
    const dataDir = join(root, '.home');
    const places = { root, dataDir };
    const main = replies(
      'Fixed by reading the first error. <!!!COMPLETE!!!>',
      {
        reply: toolCall('save_methodology', {
          problem_type: 'Fix a failing C build',
          content: 'Read the first compiler error, fix it, rebuild; later errors are often follow-ons.',
        }),
        expect: 'save_methodology',
      },
      { reply: 'One methodology saved.', expect: 'Saved the project methodology "Fix a failing C build"' },
    );
    const s = scenario(main, {}, { root, tools: new ToolRegistry(createMethodologyTools(places)), useAnalysis: true });
    expect((await s.agent.run('Fix the failing C build.')).status).toBe('completed');
    expect(listMethodologies(places)).toEqual([
      expect.objectContaining({ scope: 'project', problemType: 'Fix a failing C build', content: expect.stringContaining('follow-ons') }),
    ]);

    // a later agent in the same project is offered it
    const cheap = replies({ reply: '1', expect: '1. Fix a failing C build: Read the first compiler error' });
    const next = replies('ok <!!!COMPLETE!!!>');
    const s2 = scenario(next, {}, { root, cheapPlatform: cheap, methodology: { dataDir } });
    await s2.agent.run('The build fails again.');
    expect(lastMessages(next)[0]).toContain('later errors are often follow-ons');
  });
});
