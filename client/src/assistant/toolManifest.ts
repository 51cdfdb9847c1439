// package.json's `languageModelTools` as the toolset defines them: the same names, model descriptions and
// input schemas, with the display texts as %keys% of the manifest's translation files. A unit test keeps
// the manifest equal to this; `npm run tools:manifest` writes it. Also the ids the manifest declares and
// the command line of `mxql mcp`. Pure: no vscode.
import type { Language } from '../../../common/l10n';
import { toolDisplayText } from '../../../assistant/toolset';
import type { ToolDefinition } from '../../../assistant/types';
import { DEMO_PROFILE_NAME } from '../config';

/** The MCP server definition provider's id, as package.json's mcpServerDefinitionProviders declares it. */
export const MCP_PROVIDER_ID = 'mxql.mcpServers';

/** The chat participant's id, as package.json's chatParticipants declares it. */
export const CHAT_PARTICIPANT_ID = 'mxql.chat';

/** The command line of `mxql mcp` for a selection: the demo, or the profile's address and project. */
export function mcpArgs(
  cliPath: string,
  selection: { profile: string; pcode?: number },
  setting: { baseUrl: string; serviceUrl?: string } | undefined,
): string[] {
  if (selection.profile === DEMO_PROFILE_NAME || !setting) return [cliPath, 'mcp', '--demo'];
  return [
    cliPath,
    'mcp',
    '--base-url',
    setting.baseUrl,
    ...(setting.serviceUrl ? ['--service-url', setting.serviceUrl] : []),
    ...(selection.pcode !== undefined ? ['--pcode', String(selection.pcode)] : []),
  ];
}

/** One entry of `contributes.languageModelTools`. */
export interface ToolContribution {
  readonly name: string;
  readonly toolReferenceName: string;
  readonly displayName: string;
  readonly userDescription: string;
  readonly modelDescription: string;
  readonly canBeReferencedInPrompt: true;
  readonly icon: string;
  readonly tags: readonly string[];
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** The manifest key of a tool's display name and of its description for people. */
export const toolTextKeys = (name: string) => ({
  displayName: `tool.${name}.displayName`,
  userDescription: `tool.${name}.userDescription`,
});

/** The manifest's translation file of `language`: package.nls.json for English. */
export const manifestNlsFile = (language: Language): string =>
  language === 'en' ? 'package.nls.json' : `package.nls.${language}.json`;

/** Each tool's title and description for people in `language`, under the keys its translation file uses. */
export function toolNlsTexts(
  tools: readonly ToolDefinition<never>[],
  language: Language,
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const tool of tools) {
    const keys = toolTextKeys(tool.name);
    const display = toolDisplayText(tool, language);
    texts[keys.displayName] = display.title;
    texts[keys.userDescription] = display.description;
  }
  return texts;
}

/** The contribution of each tool, in the toolset's order. */
export function toolContributions(tools: readonly ToolDefinition<never>[]): ToolContribution[] {
  return tools.map((tool) => {
    const keys = toolTextKeys(tool.name);
    return {
      name: tool.name,
      toolReferenceName: tool.name,
      displayName: `%${keys.displayName}%`,
      userDescription: `%${keys.userDescription}%`,
      modelDescription: tool.description,
      canBeReferencedInPrompt: true,
      icon: '$(database)',
      tags: ['mxql', tool.readsService ? 'mxql-reads-service' : 'mxql-offline'],
      inputSchema: tool.inputSchema,
    };
  });
}
