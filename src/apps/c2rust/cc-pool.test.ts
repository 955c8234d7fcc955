import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../../../test/support/temp-tree.js';
import { CommandPool, runProcess } from './cc-pool.js';

describe('CommandPool', () => {
  it('runs every job in its directory, quoting paths, and reports each exit code and output', async () => {
    const root = tempTree();
    const odd = join(root, `it's a "dir"`);
    mkdirSync(odd);
    const pool = new CommandPool(
      [
        { argv: ['sh', '-c', 'pwd'], cwd: odd },
        { argv: ['sh', '-c', 'echo out; echo "bad thing" >&2; exit 3'], cwd: root },
        { argv: ['printf', '%s|', 'a b', `c'd`], cwd: root },
        { argv: ['no-such-command-jc2r'], cwd: root },
      ],
      2,
    );
    const [pwd, failing, printf, missing] = await Promise.all([0, 1, 2, 3].map((i) => pool.result(i)));
    await pool.close();
    expect(pwd).toEqual({ code: 0, stdout: `${odd}\n`, stderr: '' });
    expect(failing).toEqual({ code: 3, stdout: '', stderr: 'bad thing\n' });
    expect(printf?.stdout).toBe(`a b|c'd|`);
    expect(missing?.code).not.toBe(0);
  });

  it('runs a single process directly and never rejects on a missing program', async () => {
    expect(await runProcess(['sh', '-c', 'echo hi'], '/')).toEqual({ code: 0, stdout: 'hi\n', stderr: '' });
    expect((await runProcess(['no-such-command-jc2r'], '/')).code).toBe(-1);
  });
});
