import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMethodology, listMethodologies, methodologySlug, saveMethodology } from '../../src/agent/methodology/index.js';
import { tempTree } from '../support/temp-tree.js';

function places() {
  const base = tempTree({});
  return { root: join(base, 'proj'), dataDir: join(base, 'home', '.jarvis') };
}

describe('methodology store', () => {
  it('saves a markdown file per problem type and reads it back from both scopes', () => {
    const p = places();
    const a = saveMethodology(p, { problemType: 'Fix a failing CMake build', content: '1. Read the first error.\n2. Fix it.' });
    const b = saveMethodology(p, { problemType: 'Review unsafe Rust', content: 'Check every unsafe block.', scope: 'global' });
    expect(a.path).toBe(join(p.root, '.jarvis', 'methodologies', 'fix-a-failing-cmake-build.md'));
    expect(b.path).toBe(join(p.dataDir, 'methodologies', 'review-unsafe-rust.md'));
    expect(readFileSync(a.path, 'utf8')).toBe('# Fix a failing CMake build\n\n1. Read the first error.\n2. Fix it.\n');
    expect(listMethodologies(p).map((m) => [m.name, m.scope, m.problemType])).toEqual([
      ['fix-a-failing-cmake-build', 'project', 'Fix a failing CMake build'],
      ['review-unsafe-rust', 'global', 'Review unsafe Rust'],
    ]);
    expect(findMethodology(p, 'review unsafe rust')?.content).toBe('Check every unsafe block.');
    expect(findMethodology(p, 'fix-a-failing-cmake-build.md')?.scope).toBe('project');
  });

  it('replaces a methodology saved again under the same problem type', () => {
    const p = places();
    saveMethodology(p, { problemType: 'Port C to Rust', content: 'old way' });
    saveMethodology(p, { problemType: 'port  C to rust!', content: 'new way' });
    expect(listMethodologies(p).map((m) => m.content)).toEqual(['new way']);
  });

  it('lets a project methodology hide the global one of the same name', () => {
    const p = places();
    saveMethodology(p, { problemType: 'Triage a crash', content: 'global steps', scope: 'global' });
    saveMethodology(p, { problemType: 'Triage a crash', content: 'project steps' });
    expect(listMethodologies(p)).toEqual([expect.objectContaining({ scope: 'project', content: 'project steps' })]);
  });

  it('reads hand-written files without a heading and skips empty ones', () => {
    const p = places();
    const dir = join(p.root, '.jarvis', 'methodologies');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'bisect-a-regression.md'), 'Use git bisect run with the failing test.\n');
    writeFileSync(join(dir, 'empty.md'), '# Only a title\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a methodology');
    expect(listMethodologies(p).map((m) => [m.name, m.problemType])).toEqual([['bisect-a-regression', 'bisect a regression']]);
  });

  it('makes slugs of any script and refuses a problem type without letters', () => {
    expect(methodologySlug('修复 C 构建失败')).toBe('修复-c-构建失败');
    expect(() => methodologySlug('!!!')).toThrow(/at least one letter/);
    expect(() => saveMethodology(places(), { problemType: 'x', content: '   ' })).toThrow(/needs content/);
  });
});
