import { describe, expect, it } from 'vitest';
import { AGENT_EVENT_TYPES, EventBus } from './events.js';

const agent = { name: 'A', runId: 'r' };

describe('EventBus', () => {
  it('calls subscribers in order, and isolates one that throws', async () => {
    const errors: string[] = [];
    const bus = new EventBus({ onError: (type, e) => errors.push(`${type}: ${(e as Error).message}`) });
    const seen: string[] = [];
    bus.subscribe('before_model_call', (e) => seen.push(`1:${e.message}`));
    bus.subscribe('before_model_call', () => {
      throw new Error('boom');
    });
    bus.subscribe('before_model_call', async (e) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`3:${e.message}`);
    });
    bus.subscribe('before_model_call', (e) => seen.push(`4:${e.message}`));
    await bus.emit({ type: 'before_model_call', agent, message: 'hi' });
    // the async one is awaited before the next runs
    expect(seen).toEqual(['1:hi', '3:hi', '4:hi']);
    expect(errors).toEqual(['before_model_call: boom']);
  });

  it('unsubscribes, also from inside a callback', async () => {
    const bus = new EventBus();
    const seen: number[] = [];
    const off = bus.subscribe('after_history_clear', () => {
      seen.push(1);
      off();
    });
    await bus.emit({ type: 'after_history_clear', agent });
    await bus.emit({ type: 'after_history_clear', agent });
    expect(seen).toEqual([1]);
  });

  it('survives an error reporter that throws', async () => {
    const bus = new EventBus({
      onError: () => {
        throw new Error('reporter');
      },
    });
    bus.subscribe('task_completed', () => {
      throw new Error('x');
    });
    await expect(bus.emit({ type: 'task_completed', agent, autoCompleted: true, needSummary: false })).resolves.toEqual([]);
  });

  it('collects answers, lets observers see them joined, and rethrows while the run stops', async () => {
    let stopping = false;
    const bus = new EventBus({ stopping: () => stopping });
    const event = { type: 'after_action' as const, agent, currentResponse: 'r', result: { forModel: 'x' }, toolPrompt: 'x', needReturn: false, signal: new AbortController().signal };
    const seenByObserver: string[] = [];
    bus.subscribe('after_action', (e) => void seenByObserver.push(e.toolPrompt), { observer: true });
    bus.subscribe('after_action', () => ({ note: 'committed' }));
    bus.subscribe('after_action', () => ({ end: true }));
    const answers = await bus.emit(event, { afterAnswer: (a) => (event.toolPrompt += a.note ? `+${a.note}` : '') });
    expect(answers).toEqual([{ note: 'committed' }, { end: true }]);
    expect(seenByObserver).toEqual(['x+committed']);
    bus.subscribe('task_started', () => {
      throw new Error('stopped mid-way');
    });
    stopping = true;
    await expect(bus.emit({ type: 'task_started', agent, name: 'A', description: '', userInput: '' })).rejects.toThrow('stopped mid-way');
  });

  it('knows the 15 events of the spec and the agent\'s own: first turn, actions, completion', () => {
    expect(new Set(AGENT_EVENT_TYPES).size).toBe(17);
    expect(AGENT_EVENT_TYPES).toEqual(expect.arrayContaining(['first_turn', 'before_action', 'after_action', 'before_completion']));
  });
});
