import type { styleText } from 'node:util';
import type { Finding } from '../../findings/index.js';
import { describeFinding } from '../describe-finding.js';
import { renderReproducer } from '../reproducer.js';
import { alsoSeenPhrase, formatValue, printable, truncate } from './summarize.js';

/** A style `node:util` styleText knows. */
export type Style = Parameters<typeof styleText>[0];

/** Options of {@link findingBlock}. */
export interface BlockOptions {
  readonly verbose: boolean;
  readonly quiet: boolean;
  readonly secrets: readonly string[];
  /** Wraps text in a style; identity for plain text. */
  readonly paint: (style: Style, text: string) => string;
  /** One line only (contract gaps outside --verbose). */
  readonly brief?: boolean;
  /** The other findings of the same root cause, named after this one. */
  readonly also?: readonly Finding[];
}

/**
 * The lines of one finding as plain text: the message, evidence essentials, the response, and the
 * reproducer. Text from the report is made printable before it is painted.
 */
export function findingBlock(f: Finding, bullet: string, target: string, o: BlockOptions): string[] {
  const label = o.brief === true ? f.check : f.code === f.check ? '' : f.code;
  const p = printable;
  const lines = [
    `  ${bullet} ${o.paint('bold', p(f.operationId))}${label === '' ? '' : ' ' + o.paint('dim', `(${p(label)})`)}: ${p(describeFinding(f))}`,
  ];
  const pad = ' '.repeat(bullet.length + 3);
  if (o.also !== undefined && o.also.length > 0) lines.push(pad + o.paint('yellow', p(alsoSeenPhrase(o.also))));
  if (o.brief === true) return lines;
  const entries = evidenceEntries(f);
  if (!o.quiet && entries.length > 0) {
    const shown = o.verbose ? entries : entries.slice(0, 4);
    const max = o.verbose ? 2000 : 80;
    lines.push(pad + o.paint('dim', p(shown.map(([k, v]) => `${k}: ${truncate(formatValue(v), max)}`).join(' · '))));
  }
  if (!o.quiet && f.response) {
    const body = o.verbose ? f.response.body : truncate(f.response.body.replace(/\s+/g, ' '), 120);
    lines.push(
      pad +
        o.paint(
          'dim',
          p(
            `response ${f.response.status} in ${f.response.durationMs} ms${body ? `: ${body}` : ''}${f.response.truncated ? ' (truncated)' : ''}`,
          ),
        ),
    );
  }
  const reproducer = renderReproducer(f, target, { secrets: o.secrets });
  if (reproducer !== '') {
    lines.push(pad + o.paint('dim', 'reproduce:'));
    for (const l of reproducer.split('\n').map(p))
      lines.push(pad + '  ' + (l.startsWith('#') ? o.paint('dim', l) : o.paint('cyan', l)));
  }
  return lines;
}

/** The evidence of a finding as `name: value` pairs, with how often it was seen. */
export function evidenceEntries(f: Finding): [string, unknown][] {
  const entries: [string, unknown][] = Object.entries(f.evidence ?? {});
  return f.occurrences === undefined ? entries : [...entries, ['occurrences', f.occurrences]];
}
