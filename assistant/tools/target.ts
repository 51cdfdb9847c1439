// The target of tools that read the service: a refusal, worded for the model, when the host has none.
import { refuse } from '../results';
import type { ToolContext, ToolTarget } from '../types';

export function requireTarget(context: ToolContext): ToolTarget {
  if (!context.target) refuse(context, 'target/none', 'noTarget');
  return context.target;
}

/**
 * The project a tool reads: the first code given (the model's, then a query's own…), else the target's;
 * refused as `<code>` when none names one.
 */
export function projectOf(
  context: ToolContext,
  target: ToolTarget,
  code: string,
  ...given: (number | undefined)[]
): number {
  const pcode = [...given, target.pcode].find((p) => p !== undefined);
  if (pcode === undefined) refuse(context, code, 'noProject');
  return pcode;
}
