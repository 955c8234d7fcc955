import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveUnderRoot, shownPath, within } from './paths.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-paths-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const root = join(base, 'root');
const outside = join(base, 'outside');
mkdirSync(join(root, 'src'), { recursive: true });
mkdirSync(outside);
writeFileSync(join(root, 'src', 'a.c'), 'int a;\n');
writeFileSync(join(root, '..notes'), 'a file whose name starts with two dots\n');
writeFileSync(join(outside, 'secret'), 'x\n');
symlinkSync(join(outside, 'secret'), join(root, 'leak'));
symlinkSync(outside, join(root, 'out-dir'));
symlinkSync(join(root, 'nowhere'), join(root, 'dangling'));

describe('inside the root', () => {
  it.each([
    ['/r', '/r', true],
    ['/r', '/r/a/b', true],
    ['/r', '/r/..notes', true],
    ['/r', '/r2/a', false],
    ['/r', '/', false],
    ['/r/a', '/r', false],
  ])('within(%s, %s) is %s', (dir, p, inside) => {
    expect(within(dir, p)).toBe(inside);
  });

  it('follows links: a link to a file or a directory outside is outside, even for a file not there yet', () => {
    expect(resolveUnderRoot(root, 'src/a.c')).toMatchObject({ inside: true, present: true, real: join(root, 'src/a.c') });
    expect(resolveUnderRoot(root, '..notes')).toMatchObject({ inside: true, present: true });
    expect(resolveUnderRoot(root, 'src/new.c')).toMatchObject({ inside: true, present: false });
    expect(resolveUnderRoot(root, 'leak')).toMatchObject({ inside: false, real: join(outside, 'secret') });
    expect(resolveUnderRoot(root, 'out-dir/new.c')).toMatchObject({ inside: false, present: false, real: join(outside, 'new.c') });
    expect(resolveUnderRoot(root, '../outside/secret')).toMatchObject({ inside: false });
    expect(resolveUnderRoot(root, 'dangling')).toMatchObject({ present: true, real: undefined });
    expect(resolveUnderRoot(root, join(outside, 'secret'), [outside])).toMatchObject({ inside: true });
  });

  it('shows paths inside relative to the root and the others whole', () => {
    expect(shownPath(root, join(root, 'src/a.c'))).toBe('src/a.c');
    expect(shownPath(root, root)).toBe('.');
    expect(shownPath(root, join(outside, 'secret'))).toBe(join(outside, 'secret'));
  });
});
