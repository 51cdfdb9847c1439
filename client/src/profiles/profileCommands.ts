// Commands that manage profiles and tokens. Each accepts an optional argument object that skips the
// prompts (scripts and tests); without it, it asks with input boxes. Tokens are read with password
// input boxes and go straight to SecretStorage.
import { insecureReason } from '../../../api/index';
import { DEMO_PROFILE_NAME, type ProfileSetting } from '../config';
import type { Ctx } from '../ctx';
import type { PickItem } from '../views/ui';

/** Arguments of mxql.addProfile. */
export interface AddProfileArgs extends ProfileSetting {
  readonly accountToken?: string;
  readonly testConnection?: boolean;
}

/** Why `text` cannot be a base URL for tokens, or undefined when it can. */
export function baseUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'Enter a URL such as https://api.example.com';
  }
  const reason = insecureReason(url);
  return reason ? `${reason[0]?.toUpperCase() ?? ''}${reason.slice(1)}.` : undefined;
}

function nameProblem(ctx: Ctx, text: string): string | undefined {
  const name = text.trim();
  if (name === '') return 'A profile needs a name.';
  if (name === DEMO_PROFILE_NAME)
    return `"${DEMO_PROFILE_NAME}" is the built-in profile; choose another name.`;
  if (ctx.profiles.setting(name)) return `A profile named "${name}" exists already.`;
  return undefined;
}

async function askProfile(ctx: Ctx): Promise<AddProfileArgs | undefined> {
  const name = await ctx.ui.inputBox({
    title: 'Add MXQL Profile (1/3): name',
    prompt: 'A short name, e.g. "Production"',
    validateInput: (text) => nameProblem(ctx, text),
  });
  if (name === undefined) return undefined;
  const baseUrl = await ctx.ui.inputBox({
    title: 'Add MXQL Profile (2/3): base URL',
    prompt:
      'The Open API address of your service, e.g. https://api.example.com (https is required except for loopback)',
    validateInput: baseUrlProblem,
  });
  if (baseUrl === undefined) return undefined;
  const accountToken = await ctx.ui.inputBox({
    title: 'Add MXQL Profile (3/3): account API token (optional)',
    prompt: 'Stored in VS Code secret storage only. Leave empty to add it later.',
    password: true,
  });
  if (accountToken === undefined) return undefined;
  return {
    name: name.trim(),
    baseUrl: baseUrl.trim(),
    ...(accountToken ? { accountToken, testConnection: true } : {}),
  };
}

/** mxql.addProfile: adds a profile (refusing plain HTTP to remote hosts) and optionally tests it. */
export async function addProfile(ctx: Ctx, args?: AddProfileArgs): Promise<string | undefined> {
  const input = args ?? (await askProfile(ctx));
  if (!input) return undefined;
  const problem = nameProblem(ctx, input.name) ?? baseUrlProblem(input.baseUrl);
  if (problem && !(args && ctx.profiles.setting(input.name)))
    throw new Error(`Profile not added: ${problem}`);
  const { accountToken, testConnection, ...setting } = input;
  await ctx.profiles.addProfile(setting);
  ctx.reloadConfig();
  if (accountToken) await ctx.profiles.setAccountToken(setting.name, accountToken);
  await ctx.profiles.setActive({
    profile: setting.name,
    ...(setting.defaultPcode !== undefined ? { pcode: setting.defaultPcode } : {}),
  });
  if (testConnection) await testProfile(ctx, setting.name);
  return setting.name;
}

async function testProfile(ctx: Ctx, name: string): Promise<void> {
  try {
    const projects = await ctx.profiles.projects(name);
    void ctx.ui.message('info', `MXQL: connected to "${name}"; ${projects.length} project(s) visible.`);
  } catch (error) {
    void ctx.ui.message(
      'warning',
      `MXQL: "${name}" was added but the connection test failed: ${String(error)}`,
    );
  }
}

export async function pickProfile(
  ctx: Ctx,
  title: string,
  includeDemo: boolean,
): Promise<string | undefined> {
  const names = ctx.profiles.names().filter((n) => includeDemo || n !== DEMO_PROFILE_NAME);
  if (names.length === 0) {
    void ctx.ui.message('info', 'MXQL: there is no profile yet. Run "MXQL: Add Profile" first.');
    return undefined;
  }
  const items: PickItem<string>[] = names.map((name) => ({ label: name, value: name }));
  return (await ctx.ui.quickPick(items, { title }))?.value;
}

async function askToken(ctx: Ctx, what: string): Promise<string | undefined> {
  return ctx.ui.inputBox({
    title: what,
    prompt: 'Stored in VS Code secret storage only; never in settings or logs.',
    password: true,
    validateInput: (text) => (text.trim() === '' ? 'Enter the token.' : undefined),
  });
}

/** mxql.setAccountToken: stores the account API token of a profile. */
export async function setAccountToken(ctx: Ctx, args?: { profile: string; token: string }): Promise<boolean> {
  const profile = args?.profile ?? (await pickProfile(ctx, 'Account token for which profile?', false));
  if (!profile) return false;
  const token = args?.token ?? (await askToken(ctx, `Account API token of "${profile}"`));
  if (!token) return false;
  await ctx.profiles.setAccountToken(profile, token);
  return true;
}

async function askPcode(ctx: Ctx, profile: string): Promise<number | undefined> {
  const fallback = ctx.profiles.active()?.pcode ?? ctx.profiles.setting(profile)?.defaultPcode;
  const text = await ctx.ui.inputBox({
    title: `Project code (pcode) in "${profile}"`,
    prompt: 'The project code shown in the project management area of your service',
    ...(fallback !== undefined ? { value: String(fallback) } : {}),
    validateInput: (t) => (/^\s*\d+\s*$/.test(t) ? undefined : 'A project code is a whole number.'),
  });
  return text === undefined ? undefined : Number(text.trim());
}

/** mxql.setProjectToken: stores the project API token of one pcode in a profile. */
export async function setProjectToken(
  ctx: Ctx,
  args?: { profile: string; pcode: number; token: string },
): Promise<boolean> {
  const profile = args?.profile ?? (await pickProfile(ctx, 'Project token for which profile?', false));
  if (!profile) return false;
  const pcode = args?.pcode ?? (await askPcode(ctx, profile));
  if (pcode === undefined) return false;
  const token = args?.token ?? (await askToken(ctx, `Project API token of pcode ${pcode} in "${profile}"`));
  if (!token) return false;
  await ctx.profiles.setProjectToken(profile, pcode, token);
  return true;
}

/** mxql.removeProfile: removes a profile from the settings and deletes its tokens. */
export async function removeProfile(ctx: Ctx, args?: { name: string }): Promise<boolean> {
  const name = args?.name ?? (await pickProfile(ctx, 'Remove which profile (and its tokens)?', false));
  if (!name) return false;
  if (!args) {
    const sure = await ctx.ui.message('warning', `Remove profile "${name}" and delete its tokens?`, 'Remove');
    if (sure !== 'Remove') return false;
  }
  await ctx.profiles.removeProfile(name);
  ctx.reloadConfig();
  return true;
}

/** mxql.switchProfile: picks the profile, then the project to run against. */
export async function switchProfile(ctx: Ctx, args?: { profile: string; pcode?: number }): Promise<boolean> {
  const profile = args?.profile ?? (await pickProfile(ctx, 'Run MXQL against which profile?', true));
  if (!profile) return false;
  const pcode = args ? args.pcode : await pickProject(ctx, profile);
  if (pcode === null) return false;
  await ctx.profiles.setActive({ profile, ...(pcode !== undefined ? { pcode } : {}) });
  return true;
}

/** The chosen pcode, undefined for "the profile's default", null when dismissed. */
export async function pickProject(ctx: Ctx, profile: string): Promise<number | undefined | null> {
  const projects = await ctx.profiles.projects(profile);
  if (projects.length === 0) return undefined;
  const items: PickItem<number>[] = projects.map((p) => ({
    label: p.name,
    description: `pcode ${p.pcode}`,
    value: p.pcode,
  }));
  const picked = await ctx.ui.quickPick(items, { title: `Project in "${profile}"` });
  if (!picked) return null;
  ctx.rememberProjectName(profile, picked.value, picked.label);
  return picked.value;
}
