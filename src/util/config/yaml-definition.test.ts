import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tempTree } from '../../../test/support/temp-tree.js';
import { JarvisError } from '../errors.js';
import { describeIssue, parseYamlDefinition, readDefinitionFile } from './yaml-definition.js';

const schema = z.strictObject({ name: z.string(), items: z.array(z.strictObject({ id: z.number() })).optional() });

function fail(where: string, message: string): never {
  throw new Error(`${where}|${message}`);
}

function firstIssue(text: string) {
  const doc = parseYamlDefinition(text, fail);
  const parsed = schema.safeParse(doc.value ?? {});
  if (parsed.success) throw new Error('expected a schema error');
  const issue = describeIssue(parsed.error.issues[0] as z.core.$ZodIssue, doc.value, (path) =>
    path.length > 1 ? ['id'] : Object.keys(schema.shape),
  );
  return { ...issue, line: doc.lineOf(issue.path) };
}

describe('YAML definition files', () => {
  it('reports a syntax error at its line and column, without the parser\'s repeated position', () => {
    expect(() => parseYamlDefinition('name: a\nname: b\n', fail)).toThrow(/^:2:1\|Map keys must be unique$/);
  });

  it('names an unknown key with its line and the keys allowed there', () => {
    expect(firstIssue('name: a\nitems:\n  - id: 1\n    idd: 2\n')).toEqual({
      path: ['items', 0, 'idd'],
      text: 'items.0.idd: unknown key; known keys: id',
      line: ':4',
    });
  });

  it('says a missing required key is missing, with no line to point at', () => {
    expect(firstIssue('items: []\n')).toEqual({ path: ['name'], text: 'name: is required but missing', line: '' });
  });

  it('keeps the schema\'s message for a wrong type', () => {
    expect(firstIssue('name: 3\n').text).toMatch(/^name: .*expected string/i);
  });

  it('turns an unreadable file into a usage error naming it', () => {
    const missing = `${tempTree()}/nope.yaml`;
    let error: unknown;
    try {
      readDefinitionFile('team definition', missing);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JarvisError);
    expect((error as JarvisError).code).toBe('usage');
    expect((error as JarvisError).message).toBe(`team definition ${missing}: cannot read (no such file)`);
  });
});
