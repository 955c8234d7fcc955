/** User tool modules (`<dataDir>/tools/`, `<project>/.jarvis/tools/`) and the JSON Schema adapter they share with MCP. */
export { externalToolDirs, loadExternalTools } from './loader.js';
export type { ExternalToolOptions } from './loader.js';
export { externalResult } from './result.js';
export { paramsFromJsonSchema } from './json-schema-params.js';
export type { JsonSchemaParamsOptions } from './json-schema-params.js';
export { extensionSecretEnvNames, loadExtensionTools } from './extensions.js';
export type { ExtensionTools, ExtensionToolsOptions } from './extensions.js';
export { createSaveToolTool, SAVE_TOOL, validateToolModule } from './save-tool.js';
export type { SaveToolOptions } from './save-tool.js';
