import { readFileSync, statSync } from 'node:fs';

export type SkipReason = 'unreadable' | 'binary' | 'too-large' | 'analysis-failed';

/** A file the scan could not analyse; reports list these so nothing is silently missing. */
export interface SkippedFile {
  file: string;
  reason: SkipReason;
  detail: string;
}

export type ReadOutcome =
  | { ok: true; source: string; bytes: number; invalidUtf8: boolean }
  | { ok: false; reason: SkipReason; detail: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Lenient = new TextDecoder('utf-8', { fatal: false });

/**
 * Reads a source file without ever throwing: binary files (a NUL byte in the first 8 KB) and files
 * over `maxBytes` are skipped with a reason; invalid UTF-8 is decoded with U+FFFD so lines stay put.
 * Synchronous on purpose: sources are small and already cached, and a thread-pool round trip per
 * file cost more than the read itself on trees of thousands of files.
 */
export function readSource(path: string, maxBytes: number): ReadOutcome {
  try {
    // stat before open: opening a FIFO named like a source would block the scan
    const info = statSync(path);
    if (!info.isFile()) return { ok: false, reason: 'unreadable', detail: info.isDirectory() ? 'a directory, not a file' : 'not a regular file' };
    if (info.size > maxBytes) {
      return { ok: false, reason: 'too-large', detail: `${mb(info.size)} MB is over the ${mb(maxBytes)} MB limit (--max-file-size)` };
    }
    const buf = readFileSync(path);
    if (buf.subarray(0, 8192).includes(0)) return { ok: false, reason: 'binary', detail: 'contains NUL bytes' };
    let source: string;
    let invalidUtf8 = false;
    try {
      source = utf8.decode(buf);
    } catch {
      source = utf8Lenient.decode(buf);
      invalidUtf8 = true;
    }
    if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
    return { ok: true, source, bytes: buf.length, invalidUtf8 };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { ok: false, reason: 'unreadable', detail: err.code ? `${err.code}: ${err.message.replace(/^\w+: /, '')}` : String(e) };
  }
}

function mb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}
