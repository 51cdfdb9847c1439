// Where tokens live in VS Code's SecretStorage. Nothing else in the extension stores a token.

/** SecretStorage key of a profile's account API token. */
export function accountTokenKey(profile: string): string {
  return `mxql.token.account.${profile}`;
}

/** SecretStorage key of a project API token of a profile. */
export function projectTokenKey(profile: string, pcode: number): string {
  return `mxql.token.project.${profile}.${pcode}`;
}
