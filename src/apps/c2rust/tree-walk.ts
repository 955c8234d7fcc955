import { lstatSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface WalkOptions {
  /** A folder not to enter, by name. */
  skipDir?: (name: string) => boolean;
  /** Symbolic links are files (`lstat`), not followed. */
  noFollow?: boolean;
  maxDepth?: number;
}

/** Every file under `root` in sorted order, with its path relative to the root (`/`-separated). */
export function walkFiles(root: string, onFile: (abs: string, rel: string, name: string) => void, opts: WalkOptions = {}): void {
  const walk = (dir: string, rel: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const abs = join(dir, name);
      const r = rel ? `${rel}/${name}` : name;
      let st;
      try {
        st = opts.noFollow ? lstatSync(abs) : statSync(abs);
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (!opts.skipDir?.(name) && depth < (opts.maxDepth ?? 64)) walk(abs, r, depth + 1);
      } else onFile(abs, r, name);
    }
  };
  walk(root, '', 0);
}
