import { describe, expect, it } from 'vitest';
import { AGENT_EVENT_TYPES, EventBus } from './events.js';

const agent = { name: 'A', runId: 'r' };

describe('EventBus', () => {
  it('calls subscribers synchronously, in order, and isolates one that throws', () => {
    const errors: string[] = [];
    const bus = new EventBus({ onError: (type, e) => errors.push(`${type}: ${(e as Error).message}`) });
    const seen: string[] = [];
    bus.subscribe('before_model_call', (e) => seen.push(`1:${e.message}`));
    bus.subscribe('before_model_call', () => {
      throw new Error('boom');
    });
    bus.subscribe('before_model_call', (e) => seen.push(`3:${e.message}`));
    bus.emit({ type: 'before_model_call', agent, message: 'hi' });
    expect(seen).toEqual(['1:hi', '3:hi']);
    expect(errors).toEqual(['before_model_call: boom']);
  });

  it('unsubscribes, also from inside a callback', () => {
    const bus = new EventBus();
    const seen: number[] = [];
    const off = bus.subscribe('after_history_clear', () => {
      seen.push(1);
      off();
    });
    bus.emit({ type: 'after_history_clear', agent });
    bus.emit({ type: 'after_history_clear', agent });
    expect(seen).toEqual([1]);
  });

  it('survives an error reporter that throws', () => {
    const bus = new EventBus({
      onError: () => {
        throw new Error('reporter');
      },
    });
    bus.subscribe('task_completed', () => {
      throw new Error('x');
    });
    expect(() => bus.emit({ type: 'task_completed', agent, autoCompleted: true, needSummary: false })).not.toThrow();
  });

  it('knows the 15 events of the spec', () => {
    expect(new Set(AGENT_EVENT_TYPES).size).toBe(15);
  });
});
