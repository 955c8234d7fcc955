import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Untracked files that are build products, not work: `jca commit` stages every change when
 * nothing is staged, and a repository without a `.gitignore` would otherwise commit `a.out`, the
 * `.o` files and `target/` next to the sources that produced them (docs/jca.md).
 */

const OUTPUT_DIRS = /(^|\/)(build|target|node_modules|CMakeFiles|__pycache__|\.cache)\//;
const OUTPUT_EXT = /\.(o|obj|a|lib|so|so\.\d+(\.\d+)*|dylib|dll|exe|out|pdb|ilk|gch|pch|gcda|gcno|pyc|class|rlib|rmeta)$/i;

/** ELF, Mach-O (both byte orders, 32/64-bit and fat), PE/COFF: a compiled program or library. */
function looksCompiled(head: Buffer): boolean {
  if (head.length >= 4 && head[0] === 0x7f && head.toString('latin1', 1, 4) === 'ELF') return true;
  if (head.length >= 4) {
    const magic = head.readUInt32BE(0);
    if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(magic)) return true;
  }
  return head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a;
}

function readHead(path: string): Buffer {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buf = Buffer.alloc(4);
    return buf.subarray(0, readSync(fd, buf, 0, 4, 0));
  } catch {
    // unreadable: not ours to judge, git will say what is wrong when it stages it
    return Buffer.alloc(0);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** True for `path` (relative to `root`, `/` separators) when it is a build product. */
export function isBuildOutput(root: string, path: string): boolean {
  if (OUTPUT_DIRS.test(path) || OUTPUT_EXT.test(path)) return true;
  return looksCompiled(readHead(join(root, path)));
}
