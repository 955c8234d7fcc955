/**
 * Configuration (schema, loading, precedence) and YAML definition files checked by a schema:
 * the part of util/ that needs zod and yaml. It has its own entry point because those two
 * packages are ~170 modules, about 0.1 s at start-up: `jsec scan` (run in pre-commit hooks) and
 * anything else that reads no configuration imports util/index.ts only and never loads them.
 * Other layers use this file only.
 */
export { findProjectConfig, loadConfig, loadEffectiveConfig, resolveGroupName, resolveModel, userDataDir, type ConfigFile, type EffectiveConfig, type EffectiveConfigInput, type LoadConfigInput, type LoadedConfig, type LoadedEffectiveConfig } from './load.js';
export { REPLACE_KEY, replaceEntrySchema, taskEntrySchema, type ReplaceEntryConfig, type TaskEntry } from './schema.js';
export { isInlineYaml, mcpEnvLayer, type McpEnvLayer } from './mcp-env.js';
export { agentConfigSchema, jarvisConfigSchema, llmGroupSchema, mcpConfigSchema, mcpServerSchema, modelConfigSchema, PLATFORM_NAMES_BUILTIN, priceSchema, webSearchConfigSchema, type AgentConfig, type JarvisConfig, type LlmGroup, type McpServerConfig, type ModelConfig, type ModelRole, type WebSearchConfig } from './schema.js';
export { CONFIG_OVERRIDES, envEntries, flagEntries, type ConfigFlags, type ConfigOverride, type OverrideEntry } from './overrides.js';
export { isPlainObject, joinKey, leafKeys, mergeLayer, setAt, valueAt, type ConfigSource, type PlainObject, type SourceMap } from './merge.js';
export { didYouMean, schemaErrorLine, yamlErrorLine } from './issues.js';
export { BUILTIN_PLATFORMS, checkPlatformNames, isBuiltinPlatform, listUserPlatforms, userPlatformDir, userPlatformFile, type BuiltinPlatformName } from './platforms.js';
export { isSecretKey, REDACTED, redactSecrets } from './redact.js';
export { configTemplate } from './template.js';
export { describeIssue, parseYamlDefinition, readDefinitionFile, type DescribedIssue, type YamlDefinition } from './yaml-definition.js';
