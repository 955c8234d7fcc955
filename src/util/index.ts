/**
 * The bottom layer: configuration (schema, loading, precedence), errors, atomic files and
 * JSONL, paths inside a root, child processes, terminal output. Every other layer may use it,
 * through this file only.
 */
export { describeError, isJarvisError, JarvisError, type ErrorCode } from './errors.js';
export { appendJsonl, readJsonl, writeFileAtomicAsync, writeFileAtomicSync } from './files.js';
export { realPathOf, realRoot, resolveUnderRoot, shownPath, within, type RootPath } from './paths.js';
export { runProcess, type RunOptions, type RunResult } from './process.js';
export { colorEnabled, colors, errColors, formatTable } from './output.js';
export { createSpinner, type Spinner, type SpinnerOptions } from './spinner.js';
export { packageRoot, version } from './version.js';
export { findProjectConfig, loadConfig, loadEffectiveConfig, resolveGroupName, resolveModel, userDataDir, type ConfigFile, type EffectiveConfig, type EffectiveConfigInput, type LoadConfigInput, type LoadedConfig, type LoadedEffectiveConfig } from './config.js';
export { REPLACE_KEY, replaceEntrySchema, taskEntrySchema, type ReplaceEntryConfig, type TaskEntry } from './config-schema.js';
export { isInlineYaml, mcpEnvLayer, type McpEnvLayer } from './config-mcp-env.js';
export { agentConfigSchema, jarvisConfigSchema, llmGroupSchema, mcpConfigSchema, mcpServerSchema, modelConfigSchema, PLATFORM_NAMES_BUILTIN, priceSchema, webSearchConfigSchema, type AgentConfig, type JarvisConfig, type LlmGroup, type McpServerConfig, type ModelConfig, type ModelRole, type WebSearchConfig } from './config-schema.js';
export { CONFIG_OVERRIDES, envEntries, flagEntries, type ConfigFlags, type ConfigOverride, type OverrideEntry } from './config-overrides.js';
export { isPlainObject, joinKey, leafKeys, mergeLayer, setAt, valueAt, type ConfigSource, type PlainObject, type SourceMap } from './config-merge.js';
export { didYouMean, schemaErrorLine, yamlErrorLine } from './config-issues.js';
export { BUILTIN_PLATFORMS, checkPlatformNames, isBuiltinPlatform, listUserPlatforms, userPlatformDir, userPlatformFile, type BuiltinPlatformName } from './config-platforms.js';
export { isSecretKey, REDACTED, redactSecrets } from './config-redact.js';
export { configTemplate } from './config-template.js';
export { describeIssue, parseYamlDefinition, readDefinitionFile, type DescribedIssue, type YamlDefinition } from './yaml-definition.js';
