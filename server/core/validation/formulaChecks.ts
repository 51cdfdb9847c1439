/**
 * Formulas (`expr:`, `if:`, CREATE-EXPR members, bare FILTER conditions): their own syntax warnings
 * from the expression parser, and the columns they read checked against the column flow like any
 * other column reference.
 */
import { expressionSites, parseExpression, type CommandNode, type Statement } from '../syntax/index';
import { type FlowStep } from '../columns/flow';
import { reportUnknownColumn, isCheckedStep } from './catalogChecks';
import { type CheckContext } from './context';

/** Reports formula syntax warnings and unknown columns read by formulas. */
export function checkFormulas(ctx: CheckContext): void {
  const steps = stepsByStatement(ctx);
  for (const site of expressionSites(ctx.doc)) {
    const result = parseExpression(site.text, site.offset);
    for (const d of result.diagnostics) ctx.report(d);
    const found = steps.get(site.command);
    if (!found || !isCheckedStep(ctx, found)) continue;
    const ownNames = namesDefinedBy(site.command);
    for (const ref of result.identifiers) {
      if (!ownNames.has(ref.name)) reportUnknownColumn(ctx, found, ref, found.category);
    }
  }
}

function stepsByStatement(ctx: CheckContext): Map<Statement, FlowStep> {
  const out = new Map<Statement, FlowStep>();
  for (const flow of [ctx.flow.main, ...ctx.flow.subs.values()]) {
    for (const step of flow.steps) out.set(step.statement, step);
  }
  return out;
}

/** CREATE-EXPR members may use the columns defined by earlier members of the same command. */
function namesDefinedBy(command: CommandNode): Set<string> {
  const names = new Set<string>();
  if (command.upperName !== 'CREATE-EXPR' || command.operand?.kind !== 'object') return names;
  for (const m of command.operand.members) if (m.key) names.add(m.key.name);
  return names;
}
