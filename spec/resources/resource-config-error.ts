import type { ResourceConfigIssue } from './model.js';

/** Why a resource config file could not be used: every problem, each naming the file and the bad key. */
export class ResourceConfigError extends Error {
  constructor(
    readonly file: string,
    readonly issues: readonly ResourceConfigIssue[],
  ) {
    super(issues.map((i) => i.message).join('\n'));
    this.name = 'ResourceConfigError';
  }
}
