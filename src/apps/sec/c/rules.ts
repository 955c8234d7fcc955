/**
 * Metadata of every rule the C data-flow engine emits (SARIF `tool.driver.rules` needs it).
 */
import type { Severity } from '../finding.js';

export interface RuleMeta {
  id: string;
  name: string;
  category: string;
  cwe: number[];
  severity: Severity;
  help: string;
}

const rule = (id: string, name: string, category: string, cwe: number[], severity: Severity, help: string): RuleMeta => ({
  id,
  name,
  category,
  cwe,
  severity,
  help,
});

export const C_RULES = [
  rule('c.buffer.stack-overflow', 'Stack buffer overflow', 'buffer_overflow', [121, 787], 'high',
    'A write goes past the end of a stack array. Bound the length by the destination size (sizeof dest) and check indexes against the array length.'),
  rule('c.buffer.heap-overflow', 'Heap buffer overflow', 'buffer_overflow', [122, 787], 'high',
    'A write goes past the end of a heap allocation. Allocate element count × sizeof(element) and bound copies by the allocated size.'),
  rule('c.buffer.overflow', 'Buffer overflow', 'buffer_overflow', [120, 787], 'high',
    'A write goes past the end of a buffer whose storage the scan cannot see (a member of a struct it was given, a caller\'s array). Bound the copy by the destination size.'),
  rule('c.buffer.underwrite', 'Buffer underwrite', 'buffer_overflow', [124, 786], 'high',
    'A write lands before the start of a buffer (negative index or pointer moved below its base). Check the lower bound.'),
  rule('c.buffer.overread', 'Buffer over-read', 'buffer_overflow', [126, 125], 'medium',
    'A read goes past the end of a buffer. Bound the length by the source size, not the destination size.'),
  rule('c.buffer.underread', 'Buffer under-read', 'buffer_overflow', [127, 125], 'medium',
    'A read starts before the beginning of a buffer. Check the lower bound of indexes and pointer offsets.'),
  rule('c.buffer.field-overflow', 'Copy past a struct member', 'buffer_overflow', [121, 787], 'high',
    'The length covers the whole struct but the destination is one member array. Use sizeof of the member.'),
  rule('c.integer.overflow', 'Integer overflow', 'integer_overflow', [190], 'medium',
    'Arithmetic on an unchecked value can exceed the type maximum. Check against the maximum before adding or multiplying.'),
  rule('c.integer.underflow', 'Integer underflow', 'integer_overflow', [191], 'medium',
    'Arithmetic on an unchecked value can go below the type minimum. Check against the minimum before subtracting.'),
  rule('c.integer.shift', 'Shift by a negative or too large amount', 'integer_overflow', [1335, 758], 'medium',
    'The shift amount is negative or not less than the width of the shifted type, which is undefined behaviour. Check the amount before shifting, or shift a wider type.'),
  rule('c.integer.truncation', 'Value changed by an implicit conversion', 'integer_overflow', [197, 195, 196], 'medium',
    'A value is assigned to a type that cannot hold it (narrower, or of the other signedness), so it silently changes. Check the range first or use a type that holds it; cast explicitly where the change is intended.'),
  rule('c.memory.return-local', 'Address of a local variable escapes its function', 'use_after_free', [562], 'high',
    'A pointer to a local (stack) variable is returned or stored where the caller can see it; the storage is gone once the function returns. Return a copy, use caller-provided or allocated memory.'),
  rule('c.divide.by-zero', 'Division by zero', 'divide_by_zero', [369], 'medium',
    'The divisor can be zero on this path. Check it (for floating point: fabs(x) > epsilon) before dividing.'),
  rule('c.memory.leak', 'Memory leak', 'memory_leak', [401], 'medium',
    'Heap memory allocated here is neither freed nor handed on before the function returns. Free it on every path.'),
  rule('c.memory.double-free', 'Double free', 'double_free', [415], 'high',
    'The same allocation is freed twice on this path. Set the pointer to NULL after free, or free in one place.'),
  rule('c.memory.use-after-free', 'Use after free', 'use_after_free', [416], 'high',
    'Memory is used after it was freed. Move the free after the last use.'),
  rule('c.memory.free-non-heap', 'Free of memory not on the heap', 'invalid_free', [590], 'high',
    'free() is given a stack array, a string literal or a global. Only free what malloc/calloc/realloc returned.'),
  rule('c.memory.realloc-overwrite', 'realloc result overwrites its argument', 'memory_leak', [401], 'medium',
    'p = realloc(p, n) loses the old block when realloc fails. Assign to a temporary and check it first.'),
  rule('c.uninit.use', 'Use of uninitialised variable', 'uninitialized', [457], 'medium',
    'The value is read before anything was assigned to it on this path. Initialise it at its declaration.'),
  rule('c.null.deref', 'NULL pointer dereference', 'null_deref', [476], 'high',
    'The pointer is NULL on this path when it is dereferenced. Check it before use.'),
  rule('c.null.unchecked-alloc', 'Result of allocation or lookup used without NULL check', 'null_deref', [690, 476], 'medium',
    'malloc/calloc/realloc/getenv/fopen can return NULL. Check the result before using it.'),
  rule('c.format.tainted', 'Externally controlled format string', 'format_string', [134], 'high',
    'The format argument holds data read from outside the program. Use a literal format such as "%s".'),
  rule('c.command.tainted', 'OS command built from external data', 'command_injection', [78], 'high',
    'The command passed to system/popen/exec contains data read from outside the program. Use a fixed command and validate or escape arguments.'),
  rule('c.sql.tainted', 'SQL query built from external data', 'sql_injection', [89], 'high',
    'The SQL text passed to the database contains data read from outside the program, so quotes in it can change the query. Keep the query a literal with ? / $1 placeholders and bind the values (sqlite3_bind_*, PQexecParams, mysql_stmt_bind_param), or quote with %q in sqlite3_mprintf.'),
  rule('c.path.traversal', 'Path built from external data', 'path_traversal', [22], 'high',
    'A file name from outside the program reaches a file operation without canonicalisation. Reject names with "..", "/" or "\\", or realpath() the result and check it is still under the intended directory.'),
  rule('c.assert.reachable', 'Assertion that input can make fail', 'reachable_assertion', [617], 'medium',
    'An assert() tests a value that comes from outside the program and nothing before it rejects the values that fail it: bad input aborts the program (denial of service), and with NDEBUG the check disappears. Validate the input and report an error; keep assert() for what the program itself guarantees.'),
  rule('c.recursion.unbounded', 'Recursion as deep as the input', 'uncontrolled_recursion', [674], 'medium',
    'A function re-enters itself (directly or through other functions) once per level of something the input shapes: nesting in parsed text, a directory tree, a linked structure read from input. With nothing limiting the depth, deep input exhausts the stack. Pass a depth and stop at a limit, or walk with an explicit stack.'),
  rule('c.loop.infinite', 'Loop that can never end', 'infinite_loop', [835], 'medium',
    'On some input (or always) this loop never reaches its exit: nothing in the iteration moves what the test reads, the step can be 0, or the test can never fail. Make every iteration advance (or leave on the byte or length it cannot handle), check steps and read counts against 0, and test unsigned counters with > 0 or a separate flag.'),
  rule('c.memory.unbounded-alloc', 'Allocation sized by input with no limit', 'resource_exhaustion', [770, 789], 'medium',
    'The size (or element count) of an allocation comes from outside the program and nothing caps it: one request or one header can make the program reserve gigabytes. Check the count against a limit (and against what the input can really hold) before allocating.'),
] as const satisfies readonly RuleMeta[];

export type RuleId = (typeof C_RULES)[number]['id'];

const byId = new Map<string, RuleMeta>(C_RULES.map((r) => [r.id, r]));

export function ruleMeta(id: RuleId): RuleMeta {
  return byId.get(id) as RuleMeta;
}
