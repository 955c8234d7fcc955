/**
 * MCP results as text for the model. Text parts are shown as they are; binary parts (images,
 * audio, blobs) cannot be read by a text model, so they are described, not dumped as base64.
 */

interface ContentBlock {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: ResourceContents;
}

export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

function base64Bytes(data: string): number {
  const pad = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - pad);
}

/** One resource's contents: its text, or a line describing binary data. */
export function resourceText(r: ResourceContents): string {
  const head = `<resource uri="${r.uri}"${r.mimeType ? ` mimeType="${r.mimeType}"` : ''}>`;
  if (typeof r.text === 'string') return `${head}\n${r.text}\n</resource>`;
  const bytes = typeof r.blob === 'string' ? base64Bytes(r.blob) : 0;
  return `${head}\n[binary data, ${bytes} bytes; not shown]\n</resource>`;
}

function blockText(b: ContentBlock): string {
  switch (b.type) {
    case 'text':
      return b.text ?? '';
    case 'image':
    case 'audio':
      return `[${b.type} ${b.mimeType ?? ''}, ${base64Bytes(b.data ?? '')} bytes; not shown]`;
    case 'resource':
      return b.resource ? resourceText(b.resource) : '[empty resource]';
    case 'resource_link':
      return `[resource link: ${b.uri ?? '?'}${b.name ? ` (${b.name})` : ''}; read it with get_resource]`;
    default:
      return `[${b.type} content; not shown]`;
  }
}

/** The text of a tools/call result (`content` blocks; `structuredContent` when there are none; old-style `toolResult`). */
export function callResultText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? (result.content as ContentBlock[]) : [];
  if (content.length > 0) return content.map(blockText).join('\n');
  if (result.structuredContent !== undefined) return JSON.stringify(result.structuredContent, null, 2);
  if (result.toolResult !== undefined) return JSON.stringify(result.toolResult, null, 2);
  return '';
}
