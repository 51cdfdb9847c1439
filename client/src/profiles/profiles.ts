// Connection profiles: the built-in Demo plus `mxql.profiles` from the settings, the active
// profile/project (globalState, no secret), and tokens in SecretStorage. `target()` hands out an API
// client for the active selection; clients are cached per profile and dropped when tokens or settings
// change.
import * as vscode from 'vscode';
import {
  createOpenApiClient,
  insecureReasonText,
  timeoutsFor,
  type OpenApiClient,
  type RequestEvent,
} from '../../../api/index';
import { DEMO_PROFILE_NAME, type MxqlConfig, type ProfileSetting } from '../config';
import type { Log } from '../log';
// The options module only: the demo itself runs in a child process, not in this bundle.
import { demoClientOptions } from '../../../demo/clientOptions';
import type { DemoHost } from './demoHost';
import { accountTokenKey, projectTokenKey } from './secretKeys';
import { translateText, t } from '../l10n';

/** The profile and project queries run against. */
export interface Selection {
  readonly profile: string;
  readonly pcode?: number;
}

/** A project a profile can run against. */
export interface ProjectChoice {
  readonly pcode: number;
  readonly name: string;
}

/** An API client for one profile, ready for a run. */
export interface Target {
  readonly profile: string;
  readonly isDemo: boolean;
  readonly client: OpenApiClient;
  readonly baseUrl: string;
  /** The project of the selection, else the profile's default. */
  readonly pcode: number | undefined;
}

/** What the profile service needs from its host. */
export interface ProfilesHost {
  readonly context: vscode.ExtensionContext;
  readonly log: Log;
  readonly demo: DemoHost;
  config(): MxqlConfig;
  onRequest(event: RequestEvent): void;
}

/** The account's project list as choices. */
const projectChoices = (list: Awaited<ReturnType<OpenApiClient['projects']>>): ProjectChoice[] =>
  list.data.map((p) => ({ pcode: p.projectCode, name: p.projectName }));

const ACTIVE_KEY = 'mxql.active';
const TOKEN_INDEX_KEY = 'mxql.projectTokenIndex';

export class Profiles implements vscode.Disposable {
  private readonly clients = new Map<string, OpenApiClient>();
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** Fires when the active selection, the profiles or their tokens change. */
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly host: ProfilesHost) {}

  /** Demo first, then the configured profiles. */
  names(): string[] {
    return [DEMO_PROFILE_NAME, ...this.host.config().profiles.map((p) => p.name)];
  }

  setting(name: string): ProfileSetting | undefined {
    return this.host.config().profiles.find((p) => p.name === name);
  }

  /** The stored selection when its profile still exists, else the `mxql.defaultProfile` setting. */
  active(): Selection | undefined {
    const stored = this.host.context.globalState.get<unknown>(ACTIVE_KEY);
    if (typeof stored !== 'object' || stored === null) return this.defaultSelection();
    const s = stored as Record<string, unknown>;
    if (typeof s.profile !== 'string' || !this.names().includes(s.profile)) return undefined;
    return { profile: s.profile, ...(typeof s.pcode === 'number' ? { pcode: s.pcode } : {}) };
  }

  private defaultSelection(): Selection | undefined {
    const name = this.host.config().defaultProfile;
    return name !== '' && this.names().includes(name) ? { profile: name } : undefined;
  }

  async setActive(selection: Selection): Promise<void> {
    await this.host.context.globalState.update(ACTIVE_KEY, selection);
    this.changeEmitter.fire();
  }

  /** Forgets the selection; the next run offers the Demo again when no profile is configured. */
  async clearActive(): Promise<void> {
    await this.host.context.globalState.update(ACTIVE_KEY, undefined);
    this.changeEmitter.fire();
  }

  /** Writes a new profile to the user settings, keeping every other entry as written. */
  async addProfile(profile: ProfileSetting): Promise<void> {
    const reason = insecureReasonText(new URL(profile.baseUrl));
    if (reason) throw new Error(t('Profile not added: {0}.', translateText(reason)));
    const config = vscode.workspace.getConfiguration('mxql');
    const current = config.inspect<unknown[]>('profiles')?.globalValue ?? [];
    const others = current.filter((p) => (p as { name?: unknown } | null)?.name !== profile.name);
    await config.update('profiles', [...others, profile], vscode.ConfigurationTarget.Global);
    this.invalidate(profile.name);
  }

  /** Removes a profile from the user settings and deletes every token stored for it. */
  async removeProfile(name: string): Promise<void> {
    const config = vscode.workspace.getConfiguration('mxql');
    const current = config.inspect<unknown[]>('profiles')?.globalValue ?? [];
    const kept = current.filter((p) => (p as { name?: unknown } | null)?.name !== name);
    await config.update('profiles', kept, vscode.ConfigurationTarget.Global);
    const secrets = this.host.context.secrets;
    await secrets.delete(accountTokenKey(name));
    for (const pcode of this.tokenPcodes(name)) await secrets.delete(projectTokenKey(name, pcode));
    await this.setTokenPcodes(name, []);
    if (this.active()?.profile === name) await this.host.context.globalState.update(ACTIVE_KEY, undefined);
    this.invalidate(name);
  }

  async setAccountToken(profile: string, token: string): Promise<void> {
    await this.host.context.secrets.store(accountTokenKey(profile), token.trim());
    this.invalidate(profile);
  }

  async setProjectToken(profile: string, pcode: number, token: string): Promise<void> {
    await this.host.context.secrets.store(projectTokenKey(profile, pcode), token.trim());
    await this.setTokenPcodes(profile, [...new Set([...this.tokenPcodes(profile), pcode])]);
    this.invalidate(profile);
  }

  /** Projects that have a stored token under `profile` (pcodes only; the index holds no secret). */
  tokenPcodes(profile: string): number[] {
    const index = this.host.context.globalState.get<Record<string, unknown>>(TOKEN_INDEX_KEY) ?? {};
    const list = index[profile];
    return Array.isArray(list) ? list.filter((n): n is number => typeof n === 'number') : [];
  }

  private async setTokenPcodes(profile: string, pcodes: number[]): Promise<void> {
    const index = { ...(this.host.context.globalState.get<Record<string, unknown>>(TOKEN_INDEX_KEY) ?? {}) };
    if (pcodes.length > 0) index[profile] = pcodes;
    else delete index[profile];
    await this.host.context.globalState.update(TOKEN_INDEX_KEY, index);
  }

  /** A client for `selection`; starts the demo backend for the Demo profile. */
  async target(selection: Selection): Promise<Target> {
    if (selection.profile === DEMO_PROFILE_NAME) return this.demoTarget(selection);
    const setting = this.setting(selection.profile);
    if (!setting)
      throw new Error(t('There is no profile "{0}"; add it or switch profile.', selection.profile));
    const client = this.clients.get(setting.name) ?? (await this.realClient(setting));
    this.clients.set(setting.name, client);
    return {
      profile: setting.name,
      isDemo: false,
      client,
      baseUrl: client.baseUrl,
      pcode: selection.pcode ?? setting.defaultPcode,
    };
  }

  private async demoTarget(selection: Selection): Promise<Target> {
    const server = await this.host.demo.server();
    let client = this.clients.get(DEMO_PROFILE_NAME);
    // A restarted demo listens on new ports: the client of the previous process is dropped.
    if (client && client.baseUrl !== server.baseUrl) {
      void client.close();
      client = undefined;
    }
    if (!client) {
      client = createOpenApiClient({
        ...demoClientOptions(server),
        ...this.timeoutOptions(),
        onRequest: (event) => this.host.onRequest(event),
      });
      this.clients.set(DEMO_PROFILE_NAME, client);
    }
    const pcode = selection.pcode ?? server.projects[0]?.pcode;
    return { profile: DEMO_PROFILE_NAME, isDemo: true, client, baseUrl: server.baseUrl, pcode };
  }

  /**
   * The projects an account token lists at a profile's address before the profile is saved (Add
   * Profile's project step). The token stays in memory; failures throw the client's error.
   */
  async projectsWithAccountToken(
    setting: ProfileSetting,
    accountToken: string,
    signal?: AbortSignal,
  ): Promise<ProjectChoice[]> {
    const client = await this.realClient(setting, accountToken);
    try {
      return projectChoices(await client.projects(undefined, signal ? { signal } : {}));
    } finally {
      void client.close();
    }
  }

  /** A client for a configured profile, with its stored account token unless one is given. */
  private async realClient(setting: ProfileSetting, givenAccountToken?: string): Promise<OpenApiClient> {
    const { context, log } = this.host;
    const accountToken = givenAccountToken ?? (await context.secrets.get(accountTokenKey(setting.name)));
    log.addSecret(accountToken);
    const proxy = this.host.config().proxy;
    return createOpenApiClient({
      baseUrl: setting.baseUrl,
      ...(setting.serviceUrl ? { serviceUrl: setting.serviceUrl } : {}),
      ...(accountToken ? { accountToken } : {}),
      ...(setting.defaultPcode !== undefined ? { pcode: setting.defaultPcode } : {}),
      tokenForPcode: async (pcode) => {
        const token = await context.secrets.get(projectTokenKey(setting.name, pcode));
        log.addSecret(token);
        return token;
      },
      proxy: { ...(proxy.url ? { url: proxy.url } : {}), strictSSL: proxy.strictSSL },
      ...this.timeoutOptions(),
      onRequest: (event) => this.host.onRequest(event),
    });
  }

  /** The client's timeouts from `mxql.requestTimeoutMs`, and how its errors tell the user to raise it. */
  private timeoutOptions() {
    return {
      timeouts: timeoutsFor(this.host.config().requestTimeoutMs),
      timeoutAdvice: t('raise the setting mxql.requestTimeoutMs'),
    };
  }

  /** Projects of a profile: the demo's, the account's project list, or those with a stored token. */
  async projects(profile: string): Promise<ProjectChoice[]> {
    const target = await this.target({ profile });
    if (target.isDemo) {
      const server = await this.host.demo.server();
      return server.projects.map((p) => ({ pcode: p.pcode, name: p.name }));
    }
    try {
      return projectChoices(await target.client.projects());
    } catch (error) {
      this.host.log.warn(`Project list of ${profile} unavailable (${String(error)}); using stored tokens.`);
      return this.tokenPcodes(profile).map((pcode) => ({ pcode, name: `Project ${pcode}` }));
    }
  }

  /** Drops cached clients (settings or tokens changed). */
  invalidate(profile?: string): void {
    for (const [name, client] of this.clients) {
      if (profile !== undefined && name !== profile) continue;
      void client.close();
      this.clients.delete(name);
    }
    this.changeEmitter.fire();
  }

  dispose(): void {
    this.invalidate();
    this.changeEmitter.dispose();
  }
}
