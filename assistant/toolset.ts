/**
 * The assistant toolset: every tool in one table, and `invokeTool`, the one entry the shells call. It
 * validates the input against the tool's JSON schema, runs the tool, and turns any refusal or failure
 * into an error result that tells the model what to change: a shell never sees a throw.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { isOpenApiError } from '../api/index';
import { toolProse } from './texts';
import { ToolInputError, type ToolContext, type ToolDefinition, type ToolResult } from './types';
import { alertDraft } from './tools/alertDraft';
import { check } from './tools/check';
import { compare } from './tools/compare';
import { describeCategory } from './tools/describeCategory';
import { explain } from './tools/explain';
import { findData } from './tools/findData';
import { listAgents } from './tools/listAgents';
import { listPaths } from './tools/listPaths';
import { listProjects } from './tools/listProjects';
import { openApi } from './tools/openApi';
import { run } from './tools/run';

export * from './types';
export { toolProse, type TextKey } from './texts';
export { TOOL_DISPLAY_TEXTS, toolDisplayText, type ToolDisplayText } from './toolDisplayTexts';
export { toolPlan, toolPlanInput } from './tools/run';
export { resolveRunSource, type RunSource } from './tools/runSource';
export { workspaceSegments } from './workspaceFiles';
export {
  planInvestigation,
  SIGNALS,
  type InvestigationPlan,
  type InvestigationStep,
  type Signal,
} from './investigate/plan';
export { rankChanges, runInvestigation, type RankedChange, type StepOutcome } from './investigate/run';

/** A tool of any input, as the table holds it (each validates its own input before it runs). */
export type AnyTool = ToolDefinition<never>;

/** Every tool, in the order a model meets them: find, understand, check, run, then the service's facts. */
export const TOOLS: readonly AnyTool[] = [
  findData,
  describeCategory,
  check,
  explain,
  run,
  compare,
  alertDraft,
  listPaths,
  listProjects,
  listAgents,
  openApi,
];

/** The tool named `name`, or undefined. */
export function findTool(name: string): AnyTool | undefined {
  return TOOLS.find((t) => t.name === name);
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new Map<string, ValidateFunction>();

function validatorOf(tool: AnyTool): ValidateFunction {
  let validate = validators.get(tool.name);
  if (!validate) {
    validate = ajv.compile(tool.inputSchema);
    validators.set(tool.name, validate);
  }
  return validate;
}

/** `/limit must be <= 500; must NOT have additional property 'foo'`: ajv's errors as one line. */
function schemaErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((e) => {
      const where = e.instancePath || '/';
      const extra =
        e.keyword === 'additionalProperties'
          ? ` '${String((e.params as { additionalProperty?: unknown }).additionalProperty)}'`
          : '';
      return `${where} ${e.message ?? 'is invalid'}${extra}`;
    })
    .join('; ');
}

function failure(code: string, text: string): ToolResult {
  return { text, structured: { error: { code, message: text } }, isError: true };
}

/** What went wrong, worded for the model, from anything a tool threw. */
function failureOf(tool: AnyTool, error: unknown, context: ToolContext, signal: AbortSignal): ToolResult {
  const { locale } = context;
  if (error instanceof ToolInputError) return failure(error.code, error.message);
  if (signal.aborted || (isOpenApiError(error) && error.kind === 'aborted'))
    return failure('cancelled', toolProse(locale, 'cancelled', tool.name));
  // The client's message already holds the service's own words (redacted), once.
  if (isOpenApiError(error))
    return failure(
      error.serviceCode ?? `api/${error.kind}`,
      toolProse(locale, 'failed', tool.name, error.message),
    );
  const message = error instanceof Error ? error.message : String(error);
  return failure('tool/failed', toolProse(locale, 'failed', tool.name, message));
}

/**
 * Runs the tool `name` on `rawInput`. Never throws: an unknown tool, input that does not match the
 * schema, a refusal or a failed request comes back as an `isError` result saying what to change.
 */
export async function invokeTool(
  name: string,
  rawInput: unknown,
  context: ToolContext,
  signal: AbortSignal,
): Promise<ToolResult> {
  const tool = findTool(name);
  if (!tool)
    return failure(
      'tool/unknown',
      toolProse(context.locale, 'unknownTool', name, TOOLS.map((t) => t.name).join(', ')),
    );
  const input = rawInput ?? {};
  const validate = validatorOf(tool);
  if (!validate(input))
    return failure(
      'input/schema',
      toolProse(context.locale, 'badInput', name, schemaErrors(validate.errors)),
    );
  try {
    return await tool.run(input as never, context, signal);
  } catch (error) {
    return failureOf(tool, error, context, signal);
  }
}
