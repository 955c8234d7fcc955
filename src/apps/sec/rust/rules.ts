import { ruleFamily, type RuleMeta } from '../rule-meta.js';

const rule = ruleFamily('rust.');

export const RUST_RULES = {
  unsafeBlock: rule('unsafe-block', 'UnsafeBlock', 'unsafe_usage', [676], 'medium',
    'An unsafe block turns off the compiler\'s memory-safety checks; every invariant it relies on must be argued by hand.'),
  unsafeFn: rule('unsafe-fn', 'UnsafeFunction', 'unsafe_usage', [676], 'low',
    'An unsafe fn hands its safety contract to every caller; it needs a documented `# Safety` section.'),
  rawPointer: rule('raw-pointer', 'RawPointer', 'unsafe_usage', [822], 'low',
    'Raw pointers carry no lifetime or aliasing guarantees; dereferencing one is only sound if validity is proven elsewhere.'),
  transmute: rule('transmute', 'Transmute', 'unsafe_usage', [843], 'high',
    'mem::transmute reinterprets bits with no checks: wrong sizes, invalid values or lifetimes cause undefined behaviour.'),
  forget: rule('mem-forget', 'MemForget', 'resource_leak', [401], 'medium',
    'mem::forget skips Drop: memory, file handles or locks owned by the value are never released.'),
  uninit: rule('uninit', 'UninitializedMemory', 'unsafe_usage', [908], 'high',
    'Reading memory that was never initialised is undefined behaviour, even for integers.'),
  unwrap: rule('unwrap', 'UnwrapPanic', 'error_handling', [248], 'low',
    'unwrap()/expect() panic on None/Err: an input the author did not expect aborts the thread.'),
  ignoredResult: rule('ignored-result', 'IgnoredResult', 'error_handling', [252], 'low',
    'A Result is thrown away, so the failure it reports is silently lost.'),
  externC: rule('extern-c', 'FfiBoundary', 'ffi', [20], 'medium',
    'At an FFI boundary the compiler cannot check pointer validity, alignment, lifetimes or thread safety of what crosses it.'),
  shellCommand: rule('shell-command', 'ShellCommand', 'command_injection', [78], 'high',
    'A shell is started to interpret a command line built at run time: anything in it that the shell treats as syntax runs as a command.'),
  unsafeSendSync: rule('unsafe-send-sync', 'UnsafeSendSync', 'concurrency', [362], 'high',
    'unsafe impl Send/Sync promises thread safety the compiler could not prove; a wrong promise is a data race.'),
} as const satisfies Record<string, RuleMeta>;

export const RUST_RULE_LIST: RuleMeta[] = Object.values(RUST_RULES);
