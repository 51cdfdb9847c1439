// Commands that manage profiles and tokens. Each accepts an optional argument object that skips the
// prompts (scripts and tests); without it, it asks with input boxes. Tokens are read with password
// input boxes and go straight to SecretStorage.
import * as vscode from 'vscode';
import { insecureReasonText } from '../../../api/index';
import { DEMO_PROFILE_NAME, type ProfileSetting } from '../config';
import type { Ctx } from '../ctx';
import type { PickItem } from '../views/ui';
import type { ProjectChoice } from './profiles';
import { translateText, t } from '../l10n';
import { errorText } from '../errorText';

/** Arguments of mxql.addProfile. */
export interface AddProfileArgs extends ProfileSetting {
  readonly accountToken?: string;
  /** The project token of `defaultPcode`. */
  readonly projectToken?: string;
  readonly testConnection?: boolean;
}

/** Why `text` cannot be a base URL for tokens, or undefined when it can. */
export function baseUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return t('Enter a URL such as https://api.example.com');
  }
  const reason = insecureReasonText(url);
  const words = reason && translateText(reason);
  return words ? `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}.` : undefined;
}

function nameProblem(ctx: Ctx, text: string): string | undefined {
  const name = text.trim();
  if (name === '') return t('A profile needs a name.');
  if (name === DEMO_PROFILE_NAME)
    return t('"{0}" is the built-in profile; choose another name.', DEMO_PROFILE_NAME);
  if (ctx.profiles.setting(name)) return t('A profile named "{0}" exists already.', name);
  return undefined;
}

const pcodeProblem = (text: string) =>
  /^\s*\d*\s*$/.test(text) ? undefined : t('A project code is a whole number (or leave it empty).');

/** The wizard's steps in order; README's "Connecting to a real account" describes the same steps. */
const STEPS = 6;
const stepTitle = (n: number, what: string) => t('Add MXQL Profile ({0}/{1}): {2}', n, STEPS, what);

/** The default project the wizard settled on: a pcode (with its name when the service listed it), none, or dismissed. */
type DefaultProject = { pcode?: number; name?: string } | undefined;

/** Step 5 when the service cannot list projects (no account token, or the list failed): type a pcode. */
async function typeDefaultProject(ctx: Ctx, why?: string): Promise<DefaultProject> {
  const pcodeText = await ctx.ui.inputBox({
    title: stepTitle(5, t('default project code (optional)')),
    prompt: [
      why,
      t('The project (pcode) queries run against until you pick another. Leave empty to pick later.'),
    ]
      .filter(Boolean)
      .join(' '),
    validateInput: pcodeProblem,
  });
  if (pcodeText === undefined) return undefined;
  return pcodeText.trim() === '' ? {} : { pcode: Number(pcodeText.trim()) };
}

/** Step 5 with an account token: the projects the service lists, to pick one as the default. */
async function pickDefaultProject(
  ctx: Ctx,
  setting: ProfileSetting,
  accountToken: string,
): Promise<DefaultProject> {
  let projects: ProjectChoice[];
  try {
    // The service may be slow to answer: show it, and let the user give up and type the code instead.
    projects = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: t('Listing the projects of "{0}"…', setting.name),
        cancellable: true,
      },
      (_progress, cancel) => {
        const controller = new AbortController();
        cancel.onCancellationRequested(() => controller.abort());
        return ctx.profiles.projectsWithAccountToken(setting, accountToken, controller.signal);
      },
    );
  } catch (error) {
    const reason = ctx.log.redact(error instanceof Error ? error.message : String(error));
    ctx.log.warn(`Add Profile: the project list of ${setting.name} is unavailable (${reason}).`);
    return typeDefaultProject(
      ctx,
      t('The project list is unavailable ({0}).', ctx.log.redact(errorText(error))),
    );
  }
  if (projects.length === 0) return typeDefaultProject(ctx, t('The account has no project yet.'));
  const none: PickItem<ProjectChoice | undefined> = { label: t('No default project'), value: undefined };
  const items: PickItem<ProjectChoice | undefined>[] = [
    ...projects.map((p) => ({ label: p.name, description: t('pcode {0}', p.pcode), value: p })),
    none,
  ];
  const picked = await ctx.ui.quickPick(items, {
    title: stepTitle(5, t('default project')),
    placeHolder: t('The project queries run against until you pick another'),
  });
  if (!picked) return undefined;
  return picked.value ? { pcode: picked.value.pcode, name: picked.value.name } : {};
}

/** The wizard's answers, and the name of the default project when the service listed it. */
async function askProfile(ctx: Ctx): Promise<{ args: AddProfileArgs; projectName?: string } | undefined> {
  const name = await ctx.ui.inputBox({
    title: stepTitle(1, t('name')),
    prompt: t('A short name, e.g. "Production"'),
    validateInput: (text) => nameProblem(ctx, text),
  });
  if (name === undefined) return undefined;
  const baseUrl = await ctx.ui.inputBox({
    title: stepTitle(2, t('base URL')),
    prompt: t(
      'The Open API address of your service, e.g. https://api.example.com (https is required except for loopback)',
    ),
    validateInput: baseUrlProblem,
  });
  if (baseUrl === undefined) return undefined;
  const serviceUrl = await ctx.ui.inputBox({
    title: stepTitle(3, t('service URL (optional)')),
    prompt: t('The second host of the server-monitoring spot endpoints. Leave empty to use the base URL.'),
    placeHolder: baseUrl.trim(),
    validateInput: (text) => (text.trim() === '' ? undefined : baseUrlProblem(text)),
  });
  if (serviceUrl === undefined) return undefined;
  const accountToken = await ctx.ui.inputBox({
    title: stepTitle(4, t('account API token (optional)')),
    prompt: t(
      'Lists projects and groups. Stored in VS Code secret storage only. Leave empty to add it later.',
    ),
    password: true,
  });
  if (accountToken === undefined) return undefined;
  const setting: ProfileSetting = {
    name: name.trim(),
    baseUrl: baseUrl.trim(),
    ...(serviceUrl.trim() ? { serviceUrl: serviceUrl.trim() } : {}),
  };
  const project = accountToken.trim()
    ? await pickDefaultProject(ctx, setting, accountToken.trim())
    : await typeDefaultProject(ctx);
  if (project === undefined) return undefined;
  const defaultPcode = project.pcode;
  const projectToken =
    defaultPcode === undefined
      ? ''
      : await ctx.ui.inputBox({
          title: stepTitle(6, t('project API token of pcode {0} (optional)', defaultPcode)),
          prompt: t(
            'Runs queries in that project. Stored in VS Code secret storage only. Leave empty to add it later.',
          ),
          password: true,
        });
  if (projectToken === undefined) return undefined;
  const args: AddProfileArgs = {
    ...setting,
    ...(defaultPcode !== undefined ? { defaultPcode } : {}),
    ...(accountToken.trim() ? { accountToken: accountToken.trim() } : {}),
    ...(projectToken.trim() ? { projectToken: projectToken.trim() } : {}),
    testConnection: true,
  };
  return { args, ...(project.name !== undefined ? { projectName: project.name } : {}) };
}

/** mxql.addProfile: adds a profile (refusing plain HTTP to remote hosts), stores its tokens, tests them. */
export async function addProfile(ctx: Ctx, args?: AddProfileArgs): Promise<string | undefined> {
  const asked = args ? undefined : await askProfile(ctx);
  const input = args ?? asked?.args;
  if (!input) return undefined;
  const problem =
    nameProblem(ctx, input.name) ??
    baseUrlProblem(input.baseUrl) ??
    (input.serviceUrl !== undefined ? baseUrlProblem(input.serviceUrl) : undefined);
  if (problem && !(args && ctx.profiles.setting(input.name)))
    throw new Error(t('Profile not added: {0}', problem));
  const { accountToken, projectToken, testConnection, ...setting } = input;
  await ctx.profiles.addProfile(setting);
  ctx.reloadConfig();
  if (asked?.projectName !== undefined && setting.defaultPcode !== undefined)
    ctx.rememberProjectName(setting.name, setting.defaultPcode, asked.projectName);
  if (accountToken) await ctx.profiles.setAccountToken(setting.name, accountToken);
  if (projectToken && setting.defaultPcode !== undefined)
    await ctx.profiles.setProjectToken(setting.name, setting.defaultPcode, projectToken);
  await ctx.profiles.setActive({
    profile: setting.name,
    ...(setting.defaultPcode !== undefined ? { pcode: setting.defaultPcode } : {}),
  });
  if (testConnection) await testProfile(ctx, setting, { account: !!accountToken, project: !!projectToken });
  return setting.name;
}

/** One line per token tried: what the service answered, in words. */
async function connectionResults(
  ctx: Ctx,
  setting: ProfileSetting,
  has: { account: boolean; project: boolean },
): Promise<{ ok: boolean; lines: string[] }> {
  const { client } = await ctx.profiles.target({ profile: setting.name });
  const lines: string[] = [];
  let ok = true;
  const attempt = async (what: string, call: () => Promise<string>) => {
    try {
      lines.push(`${what}: ${await call()}`);
    } catch (error) {
      ok = false;
      lines.push(`${what}: ${errorText(error)}`);
    }
  };
  if (has.account) {
    await attempt(t('account token'), async () => {
      const list = await client.projects();
      return list.data.length === 1
        ? t('works, 1 project visible')
        : t('works, {0} projects visible', list.data.length);
    });
  }
  const pcode = setting.defaultPcode;
  if (has.project && pcode !== undefined) {
    await attempt(t('project token of pcode {0}', pcode), async () => {
      await client.spot(undefined, { pcode });
      return t('works');
    });
  }
  return { ok, lines };
}

async function testProfile(
  ctx: Ctx,
  setting: ProfileSetting,
  has: { account: boolean; project: boolean },
): Promise<void> {
  if (!has.account && !has.project) {
    void ctx.ui.message(
      'info',
      t(
        'MXQL: profile "{0}" added. Set its tokens with "MXQL: Set Account Token…" and "MXQL: Set Project Token…" to connect.',
        setting.name,
      ),
    );
    return;
  }
  const { ok, lines } = await connectionResults(ctx, setting, has);
  const text = ctx.log.redact(lines.join('; '));
  if (ok)
    void ctx.ui.message('info', t('MXQL: profile "{0}" added and connected — {1}.', setting.name, text));
  else
    void ctx.ui.message(
      'warning',
      t('MXQL: profile "{0}" added, but the connection test failed — {1}', setting.name, text),
    );
}

export async function pickProfile(
  ctx: Ctx,
  title: string,
  includeDemo: boolean,
): Promise<string | undefined> {
  const names = ctx.profiles.names().filter((n) => includeDemo || n !== DEMO_PROFILE_NAME);
  if (names.length === 0) {
    void ctx.ui.message('info', t('MXQL: there is no profile yet. Run "MXQL: Add Profile" first.'));
    return undefined;
  }
  const items: PickItem<string>[] = names.map((name) => ({ label: name, value: name }));
  return (await ctx.ui.quickPick(items, { title }))?.value;
}

async function askToken(ctx: Ctx, what: string): Promise<string | undefined> {
  return ctx.ui.inputBox({
    title: what,
    prompt: t('{0}: stored in VS Code secret storage only; never in settings or logs.', what),
    password: true,
    validateInput: (text) => (text.trim() === '' ? t('Enter the token.') : undefined),
  });
}

/** mxql.setAccountToken: stores the account API token of a profile. */
export async function setAccountToken(
  ctx: Ctx,
  args?: { profile: string; token?: string },
): Promise<boolean> {
  const profile = args?.profile ?? (await pickProfile(ctx, t('Account token for which profile?'), false));
  if (!profile) return false;
  const token = args?.token ?? (await askToken(ctx, t('Account API token of "{0}"', profile)));
  if (!token) return false;
  await ctx.profiles.setAccountToken(profile, token);
  return true;
}

async function askPcode(ctx: Ctx, profile: string): Promise<number | undefined> {
  const fallback = ctx.profiles.active()?.pcode ?? ctx.profiles.setting(profile)?.defaultPcode;
  const text = await ctx.ui.inputBox({
    title: t('Project code (pcode) in "{0}"', profile),
    prompt: t('The project code shown in the project management area of your service'),
    ...(fallback !== undefined ? { value: String(fallback) } : {}),
    validateInput: (text) => (/^\s*\d+\s*$/.test(text) ? undefined : t('A project code is a whole number.')),
  });
  return text === undefined ? undefined : Number(text.trim());
}

/** mxql.setProjectToken: stores the project API token of one pcode in a profile. */
export async function setProjectToken(
  ctx: Ctx,
  args?: { profile: string; pcode?: number; token?: string },
): Promise<boolean> {
  const profile = args?.profile ?? (await pickProfile(ctx, t('Project token for which profile?'), false));
  if (!profile) return false;
  const pcode = args?.pcode ?? (await askPcode(ctx, profile));
  if (pcode === undefined) return false;
  const token =
    args?.token ?? (await askToken(ctx, t('Project API token of pcode {0} in "{1}"', pcode, profile)));
  if (!token) return false;
  await ctx.profiles.setProjectToken(profile, pcode, token);
  return true;
}

/** mxql.removeProfile: removes a profile from the settings and deletes its tokens. */
export async function removeProfile(ctx: Ctx, args?: { name: string }): Promise<boolean> {
  const name = args?.name ?? (await pickProfile(ctx, t('Remove which profile (and its tokens)?'), false));
  if (!name) return false;
  if (!args) {
    const remove = t('Remove');
    const sure = await ctx.ui.message(
      'warning',
      t('Remove profile "{0}" and delete its tokens?', name),
      remove,
    );
    if (sure !== remove) return false;
  }
  await ctx.profiles.removeProfile(name);
  ctx.reloadConfig();
  return true;
}

/** mxql.switchProfile: picks the profile, then the project to run against. */
export async function switchProfile(ctx: Ctx, args?: { profile: string; pcode?: number }): Promise<boolean> {
  const profile = args?.profile ?? (await pickProfile(ctx, t('Run MXQL against which profile?'), true));
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
    description: t('pcode {0}', p.pcode),
    value: p.pcode,
  }));
  const picked = await ctx.ui.quickPick(items, { title: t('Project in "{0}"', profile) });
  if (!picked) return null;
  ctx.rememberProjectName(profile, picked.value, picked.label);
  return picked.value;
}
