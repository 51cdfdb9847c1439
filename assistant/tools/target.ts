// The target of tools that read the service: a refusal, worded for the model, when the host has none.
import { refuse } from '../results';
import type { ToolContext, ToolTarget } from '../types';

export function requireTarget(context: ToolContext): ToolTarget {
  if (!context.target) refuse(context, 'target/none', 'noTarget');
  return context.target;
}
