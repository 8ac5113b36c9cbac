import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeReports } from './write-reports.js';
import { SAMPLE_KEY, hostileReport, sampleFailedReport } from './__fixtures__/sample-report.js';

describe('writeReports', () => {
  let dir = '';
  afterEach(async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  it('writes each requested file, creating directories, and only those', async () => {
    dir = await mkdtemp(join(tmpdir(), 'reports-'));
    const written = await writeReports(sampleFailedReport, {
      junit: join(dir, 'a/b/junit.xml'),
      html: join(dir, 'c/report.html'),
    });
    expect(written).toEqual([join(dir, 'a/b/junit.xml'), join(dir, 'c/report.html')]);
    expect(await readFile(join(dir, 'a/b/junit.xml'), 'utf8')).toMatch(/^<\?xml/);
    expect(await readFile(join(dir, 'c/report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    expect((await readdir(dir)).sort()).toEqual(['a', 'c']);
  });

  it('scrubs the key from every file, taking it from API_KEY by default', async () => {
    dir = await mkdtemp(join(tmpdir(), 'reports-'));
    const files = { junit: join(dir, 'r.xml'), json: join(dir, 'r.json'), html: join(dir, 'r.html') };
    const before = process.env['API_KEY'];
    process.env['API_KEY'] = SAMPLE_KEY;
    try {
      await writeReports(hostileReport, files);
    } finally {
      if (before === undefined) delete process.env['API_KEY'];
      else process.env['API_KEY'] = before;
    }
    for (const file of Object.values(files)) expect(await readFile(file, 'utf8')).not.toContain(SAMPLE_KEY);
  });
});
