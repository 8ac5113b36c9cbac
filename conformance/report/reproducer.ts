import type { Finding } from '../findings/index.js';
import { renderCurl } from './curl.js';
import { redactText } from './redact.js';

/** The pieces of a finding's reproducer, rendered, for a writer to lay out. */
export interface ReproducerView {
  /** curl commands for the requests the failure depends on, in order. */
  readonly setup: readonly string[];
  /** The curl command of the failing request, when the finding has one. */
  readonly curl?: string;
  readonly seed?: number;
  /** fast-check's replay path, when the finding came from a property. */
  readonly path?: string;
  /** The command line that replays exactly this counterexample. */
  readonly replay?: string;
}

/** Options shared by the functions that render reproducers. */
export interface ReproducerOptions {
  /** Secrets to scrub (see `redactText`). */
  readonly secrets?: readonly string[];
}

/** Renders the reproducer of a finding (or, lacking one, its request) against `target`. */
export function reproducerView(finding: Finding, target: string, options: ReproducerOptions = {}): ReproducerView {
  const secrets = options.secrets ?? [];
  const reproducer = finding.reproducer;
  const request = reproducer?.request ?? finding.request;
  const curl = request === undefined ? undefined : renderCurl(request, target, { secrets });
  return {
    setup: (reproducer?.setup ?? []).map((r) => renderCurl(r, target, { secrets })),
    ...(curl === undefined ? {} : { curl }),
    ...(reproducer === undefined
      ? {}
      : {
          seed: reproducer.seed,
          ...(reproducer.path === undefined ? {} : { path: reproducer.path }),
          replay: redactText(reproducer.replay, secrets),
        }),
  };
}

/**
 * Renders a reproducer as plain text a person can paste into a shell: setup requests, the failing
 * request, then the seed and the replay command as comments and a command.
 */
export function renderReproducer(finding: Finding, target: string, options: ReproducerOptions = {}): string {
  const view = reproducerView(finding, target, options);
  const lines: string[] = [];
  view.setup.forEach((curl, i) => lines.push(`# setup ${i + 1} of ${view.setup.length}`, curl));
  if (view.curl !== undefined) {
    if (view.setup.length > 0) lines.push('# the failing request');
    lines.push(view.curl);
  }
  if (view.seed !== undefined) {
    lines.push(`# seed ${view.seed}${view.path === undefined ? '' : `, path ${view.path}`}; replay with:`);
  }
  if (view.replay !== undefined) lines.push(view.replay);
  return redactText(lines.join('\n'), options.secrets);
}
