import type { CarriedValue, Finding, RequestRecord } from '../findings/index.js';
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
  const carry = reproducer?.carry ?? [];
  const setup = reproducer?.setup ?? [];
  const request = reproducer?.request ?? finding.request;
  const curl =
    request === undefined ? undefined : renderCurl(carried(request, carry, setup.length), target, { secrets });
  return {
    setup: setup.map((r, i) => {
      const step = carried(r, carry, i);
      const captured = carry.filter((c) => c.from === i);
      if (captured.length === 0) return renderCurl(step, target, { secrets });
      // The answer into a variable (shown, as `curl -i` would have), then each id taken from it.
      const body = `BODY_${i + 1}`;
      return [
        `${body}=$(${renderCurl(step, target, { secrets, silent: true })})`,
        `printf '%s\\n' "$${body}"`,
        ...captured.map(
          (c) =>
            `${c.variable}=$(printf '%s' "$${body}" | tr ',{}\\133\\135' '\\n\\n\\n\\n\\n' | sed -n 's/^[[:space:]]*"${c.member}"[[:space:]]*:[[:space:]]*"\\{0,1\\}\\([^"[:space:]]*\\)"\\{0,1\\}[[:space:]]*$/\\1/p' | sed -n '${c.occurrence}p')`,
        ),
        ...captured.map(
          (c) =>
            `[ -n "$${c.variable}" ] || echo 'setup ${i + 1} handed out no ${c.member}: the steps after it will fail' >&2`,
        ),
      ].join('\n');
    }),
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
 * The request with each id an earlier step handed out (before step `step`) named by its variable,
 * in path segments and query values: a target started afresh hands out other ids.
 */
function carried(request: RequestRecord, carry: readonly CarriedValue[], step: number): RequestRecord {
  const known = carry.filter((c) => c.from < step);
  if (known.length === 0) return request;
  const variableOf = (text: string) => known.find((c) => c.value === text)?.variable;
  const [path = '', query] = request.path.split('?', 2);
  const segments = path.split('/').map((s) => {
    const v = variableOf(s);
    return v === undefined ? s : `$${v}`;
  });
  const pairs = query?.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const v = eq === -1 ? undefined : variableOf(pair.slice(eq + 1));
    return v === undefined ? pair : `${pair.slice(0, eq + 1)}$${v}`;
  });
  return { ...request, path: `${segments.join('/')}${pairs === undefined ? '' : `?${pairs.join('&')}`}` };
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
