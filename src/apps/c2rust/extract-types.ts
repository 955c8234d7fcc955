import type { SyntaxNode } from '../../lang/index.js';
import { collapse, declaredName, qualifiers, typeWithoutName } from './c-syntax.js';
import type { Mapper, TypeFact } from './extract.js';
import type { Field } from './symbols.js';

const SPECIFIER = /^(struct|class|union|enum)_specifier$/;

/**
 * Struct, union, enum and typedef definitions in a top-level node, nested ones included.
 * An anonymous aggregate inside a typedef takes the typedef's name (`typedef struct {…} point;`).
 */
export function extractTypes(node: SyntaxNode, m: Mapper, prefix: string): TypeFact[] {
  const out: TypeFact[] = [];
  if (SPECIFIER.test(node.type)) {
    aggregate(node, undefined, m, prefix, out);
    return out;
  }
  const type = node.childForFieldName('type');
  if (node.type === 'type_definition') {
    const declarators = node.childrenForFieldName('declarator').filter((d): d is SyntaxNode => d !== null);
    const first = declarators[0] ? declaredName(declarators[0]) : null;
    const anonymous = type && SPECIFIER.test(type.type) && !type.childForFieldName('name') && type.childForFieldName('body');
    if (type && SPECIFIER.test(type.type)) aggregate(type, anonymous && first && declarators[0]?.type === 'type_identifier' ? first.text : undefined, m, prefix, out);
    for (const d of declarators) {
      const name = declaredName(d);
      if (!name || (anonymous && d.type === 'type_identifier' && name === first)) continue;
      const head = type && SPECIFIER.test(type.type) && type.childForFieldName('body') ? `${type.type.split('_')[0]} ${type.childForFieldName('name')?.text ?? '{…}'}` : (type?.text ?? '');
      const underlying = collapse(`${head} ${typeWithoutName(d, name)}`);
      out.push({
        ...located(node, name.text, prefix, m),
        kind: 'typedef',
        signature: `typedef ${underlying} ${name.text}`.replace(/\s+/g, ' '),
        fields: [],
        underlying,
        typeRefs: refsIn(type),
      });
    }
    return out;
  }
  if (type && SPECIFIER.test(type.type)) aggregate(type, undefined, m, prefix, out);
  return out;
}

function aggregate(spec: SyntaxNode, alias: string | undefined, m: Mapper, prefix: string, out: TypeFact[]): void {
  const body = spec.childForFieldName('body');
  if (!body || !m.fileOf(spec)) return;
  const name = spec.childForFieldName('name')?.text ?? alias;
  const kindWord = spec.type.split('_')[0] as string;
  const kind = kindWord === 'class' ? 'struct' : (kindWord as 'struct' | 'union' | 'enum');
  const fields: Field[] = [];
  const typeRefs: string[] = [];
  if (kind === 'enum') {
    for (const e of body.namedChildren) {
      if (e?.type !== 'enumerator') continue;
      fields.push({ name: e.childForFieldName('name')?.text ?? e.text, type: e.childForFieldName('value')?.text ?? '' });
    }
  } else {
    for (const f of body.namedChildren) {
      if (f?.type !== 'field_declaration') continue;
      const type = f.childForFieldName('type');
      if (type && SPECIFIER.test(type.type)) aggregate(type, undefined, m, prefix, out);
      for (const r of refsIn(type)) if (!typeRefs.includes(r)) typeRefs.push(r);
      const declarators = f.childrenForFieldName('declarator').filter((d): d is SyntaxNode => d !== null);
      const typeText = collapse(`${qualifiers(f)} ${type?.text ?? ''}`);
      if (declarators.length === 0) fields.push({ name: '', type: typeText });
      for (const d of declarators) {
        const n = declaredName(d);
        fields.push({ name: n?.text ?? '', type: collapse(`${typeText} ${typeWithoutName(d, n)}`) });
      }
    }
  }
  if (!name) return;
  out.push({ ...located(spec, name, prefix, m), kind, signature: `${kindWord} ${name}`, fields, typeRefs });
}

function located(node: SyntaxNode, name: string, prefix: string, m: Mapper): Omit<TypeFact, 'kind' | 'signature' | 'fields' | 'typeRefs'> {
  return {
    name,
    qualifiedName: `${prefix}${name}`,
    file: m.fileOf(node) as string,
    startLine: m.lineOf(node.startPosition.row),
    endLine: m.endLineOf(node),
    language: m.language,
  };
}

/** Named types a type expression mentions (`struct foo *` → foo, `size_t` → size_t). */
function refsIn(type: SyntaxNode | null): string[] {
  if (!type) return [];
  if (type.type === 'type_identifier') return [type.text];
  const name = type.childForFieldName('name');
  return name ? [name.text] : [];
}
