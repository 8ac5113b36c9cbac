import { describe, expect, it } from 'vitest';
import { renderReproducer, reproducerView } from './reproducer.js';
import {
  SAMPLE_KEY,
  deprecationFinding,
  filterFinding,
  hostileReport,
  unknownParamFinding,
} from './__fixtures__/sample-report.js';

const TARGET = 'http://localhost:4010/v1';

describe('renderReproducer', () => {
  it('puts setup requests first, then the failing request, the seed and path, and the replay command', () => {
    const lines = renderReproducer(filterFinding, TARGET).split('\n');
    expect(lines[0]).toBe('# setup 1 of 1');
    expect(lines[1]).toBe("curl -i -X POST 'http://localhost:4010/v1/pets' \\");
    expect(lines).toContain('# the failing request');
    expect(lines.at(-2)).toBe('# seed 1847369201, path 12:0; replay with:');
    expect(lines.at(-1)).toBe(
      "npx contract-kit test --target http://localhost:4010/v1 --seed 1847369201 --replay 'listPets/valid#0:12:0'",
    );
  });

  it('falls back to the finding request, and is empty without one', () => {
    expect(renderReproducer(unknownParamFinding, TARGET)).toBe(
      `curl -i 'http://localhost:4010/v1/pets?colour=red' \\\n  -H "Authorization: Bearer $API_KEY"`,
    );
    expect(renderReproducer(deprecationFinding, TARGET)).toBe('');
    expect(reproducerView(deprecationFinding, TARGET)).toEqual({ setup: [] });
  });

  it('scrubs a key leaked into the request or the replay command', () => {
    const finding = hostileReport.findings[0]!;
    const text = renderReproducer(finding, TARGET, { secrets: [SAMPLE_KEY] });
    expect(text).not.toContain(SAMPLE_KEY);
    expect(text).toContain('"Authorization: Bearer $API_KEY"');
    expect(text).toContain('--key $API_KEY');
  });
});
