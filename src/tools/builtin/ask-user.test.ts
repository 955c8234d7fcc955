import { describe, expect, it } from 'vitest';
import { tempTree } from '../../../test/support/temp-tree.js';
import { ToolRegistry } from '../registry.js';
import type { ToolContext } from '../tool.js';
import { askUserTool, NO_ONE_THERE } from './ask-user.js';

function ctx(over: Partial<ToolContext>): ToolContext {
  const root = tempTree();
  return { root, runDir: `${root}/run`, interactive: false, env: process.env, ...over };
}

describe('ask_user', () => {
  const reg = new ToolRegistry([askUserTool]);

  it('passes the question to the person and their answer to the model when interactive', async () => {
    const asked: string[] = [];
    const ask = async (q: string) => {
      asked.push(q);
      return '  use the second option \n';
    };
    const r = await reg.invoke('ask_user', { question: 'Which option?' }, ctx({ interactive: true, ask }));
    expect(asked).toEqual(['Which option?']);
    expect(r.forModel).toBe('The user answered:\nuse the second option');
  });

  it('tells the model to decide itself when no one is there, without asking', async () => {
    let asked = false;
    const ask = async () => {
      asked = true;
      return 'x';
    };
    const r = await reg.invoke('ask_user', { question: 'Which option?' }, ctx({ interactive: false, ask }));
    expect(asked).toBe(false);
    expect(r.forModel).toBe(NO_ONE_THERE);
    expect(r.forModel).toMatch(/non-interactive.*Decide yourself/);
    expect(r.error).toBeUndefined();
  });

  it('treats an empty answer as "decide yourself"', async () => {
    const r = await reg.invoke('ask_user', { question: 'Sure?' }, ctx({ interactive: true, ask: async () => '' }));
    expect(r.forModel).toBe('The user gave an empty answer; decide yourself and continue.');
  });

  it('requires a question', async () => {
    const r = await reg.invoke('ask_user', {}, ctx({ interactive: true, ask: async () => 'x' }));
    expect(r.error?.code).toBe('invalid_arguments');
    expect(r.forModel).toContain('- question:');
  });
});
