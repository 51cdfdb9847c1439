// What the assistant toolset (assistant/) reads in the extension: the active profile's target (the
// Demo when none is set up, which needs no account), the catalogs, the display language and the
// workspace's own queries. The tools themselves live in assistant/ and are the same for the MCP server.
import * as vscode from 'vscode';
import { parseLocale, type Language } from '../../../common/l10n';
import type { ToolContext, ToolTarget } from '../../../assistant/toolset';
import { DEMO_PROFILE_NAME } from '../config';
import type { Ctx } from '../ctx';
import type { Selection } from '../profiles/profiles';
import type { WorkspaceQueries } from './workspaceQueries';
import { readWorkspaceFile } from './workspaceFileReader';
import { localTimezone } from '../../../common/localZone';

/** The language of tool prose: the editor's, when the product speaks it, else English. */
export function toolLocale(language: string = vscode.env.language): Language {
  return parseLocale(language) ?? 'en';
}

/** The active profile and project, or the Demo's first project when nothing is set up. */
export async function toolSelection(ctx: Ctx): Promise<Selection> {
  const active = ctx.profiles.active();
  if (active) return active;
  const server = await ctx.demo.server();
  const pcode = server.projects[0]?.pcode;
  return { profile: DEMO_PROFILE_NAME, ...(pcode !== undefined ? { pcode } : {}) };
}

/** `Demo · Storefront Web (12)`: how the target is named to the user and the model; never a token. */
function labelOf(ctx: Ctx, profile: string, pcode: number | undefined): string {
  if (pcode === undefined) return profile;
  const name = ctx.projectName(profile, pcode);
  return name ? `${profile} · ${name} (${pcode})` : `${profile} · ${pcode}`;
}

/** The target the tools read, for the active selection. */
export async function toolTarget(ctx: Ctx): Promise<ToolTarget> {
  const selection = await toolSelection(ctx);
  const target = await ctx.profiles.target(selection);
  return {
    client: target.client,
    pcode: target.pcode,
    label: labelOf(ctx, target.profile, target.pcode),
    isDemo: target.isDemo,
  };
}

/** Everything a tool reads besides its input. */
export async function toolContext(ctx: Ctx, queries?: WorkspaceQueries): Promise<ToolContext> {
  return {
    target: await toolTarget(ctx),
    catalogs: ctx.catalogs,
    locale: toolLocale(),
    now: () => Date.now(),
    timezone: localTimezone,
    ...(queries ? { workspaceQueries: () => queries.texts() } : {}),
    readWorkspaceFile,
  };
}
