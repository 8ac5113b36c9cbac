import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress, progressMode, type ProgressStream } from './progress.js';

function capture(isTTY: boolean): { stream: ProgressStream; text: () => string } {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _enc, done) {
        chunks.push(chunk.toString());
        done();
      },
    }),
    { isTTY, columns: 120 },
  );
  return { stream, text: () => chunks.join('') };
}

describe('progressMode', () => {
  it('is live on a TTY only, and plain in CI', () => {
    expect(progressMode({ isTTY: true }, {})).toBe('live');
    expect(progressMode({ isTTY: true }, { CI: 'true' })).toBe('plain');
    expect(progressMode({ isTTY: false }, {})).toBe('plain');
    expect(progressMode({}, { TERM: 'dumb' })).toBe('plain');
  });
});

describe('createProgress, plain', () => {
  it('writes a line at most every interval and a last line on stop, with no escape code', () => {
    const { stream, text } = capture(false);
    let t = 0;
    const progress = createProgress({ stream, mode: 'plain', intervalMs: 1000, now: () => t });
    progress.start(300);
    t = 400;
    progress.tick({ cases: 10, requests: 30, failures: 0 });
    t = 1200;
    progress.tick({ cases: 40, requests: 120, failures: 1 });
    t = 1500;
    progress.tick({ cases: 50, requests: 150, failures: 1 });
    t = 2500;
    progress.tick({ cases: 80, requests: 241, failures: 2 });
    progress.stop();
    progress.stop();
    expect(text()).toBe(
      [
        'progress: started, 300 cases planned',
        'progress: 40/300 cases, 120 requests, 1 failure (1.2 s)',
        'progress: 80/300 cases, 241 requests, 2 failures (2.5 s)',
        'progress: done, 80/300 cases, 241 requests, 2 failures (2.5 s)',
        '',
      ].join('\n'),
    );
    expect(text()).not.toContain('\u001b');
  });

  it('works without a planned total', () => {
    const { stream, text } = capture(false);
    const progress = createProgress({ stream, mode: 'plain', now: () => 0 });
    progress.start();
    progress.tick({ cases: 1, requests: 1, failures: 0 });
    progress.stop();
    expect(text()).toBe('progress: started\nprogress: done, 1 case, 1 request, 0 failures (0 ms)\n');
  });
});

describe('createProgress, live', () => {
  it('redraws a bar in place with cases, requests and failures', () => {
    const { stream, text } = capture(true);
    const progress = createProgress({ stream, mode: 'live' });
    progress.start(10);
    progress.tick({ cases: 3, requests: 7, failures: 1 });
    progress.stop();
    expect(text()).toContain('\u001b[');
    expect(text()).toContain('3/10 cases | 7 requests | 1 failure');
  });

  it('shows counts only when the total is unknown', () => {
    const { stream, text } = capture(true);
    const progress = createProgress({ stream, mode: 'live' });
    progress.start();
    progress.tick({ cases: 5, requests: 9, failures: 0 });
    progress.stop();
    expect(text()).toContain('5 cases | 9 requests | 0 failures');
    expect(text()).not.toContain('%');
  });

  it('writes nothing when off', () => {
    const { stream, text } = capture(true);
    const progress = createProgress({ stream, mode: 'off' });
    progress.start(3);
    progress.tick({ cases: 1, requests: 1, failures: 0 });
    progress.stop();
    expect(text()).toBe('');
  });
});
