import { describe, expect, it } from 'vitest';
import { parseToolCallBody } from './tool-call.js';

describe('parseToolCallBody', () => {
  it.each([
    ['want: w\nname: echo\narguments:\n  text: hi\n', { want: 'w', name: 'echo', arguments: { text: 'hi' } }],
    ['want: w\nname: echo\narguments: \'{"text": "hi"}\'\n', { want: 'w', name: 'echo', arguments: { text: 'hi' } }],
    ['want: w\nname: ls\narguments:\n', { want: 'w', name: 'ls', arguments: {} }],
    ['{"want": "w", "name": "x", "arguments": {}}', { want: 'w', name: 'x', arguments: {} }],
  ])('accepts %j', (body, call) => {
    expect(parseToolCallBody(body)).toEqual({ ok: true, call });
  });

  it.each([
    ['name: echo\narguments: {}', 'missing required field: want'],
    ['want: w\nname: echo\narguments: {}\nargs: {}', 'unknown field: args'],
    ['want: w\nname: 3\narguments: {}', '`name` must be the tool name'],
    ['want: w\nname: echo\narguments: [1, 2]', '`arguments` must be a mapping'],
    ["want: w\nname: echo\narguments: 'not json'", 'not valid JSON'],
    ['want: w\nname: a\nname: b\narguments: {}', 'neither valid YAML nor JSON'],
    ['just text', 'must be a mapping'],
  ])('refuses %j', (body, reason) => {
    const r = parseToolCallBody(body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(reason);
  });
});
