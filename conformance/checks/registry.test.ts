import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERIC_CHECKS } from './index.js';
import { CHECK_NAMES, CHECKS, checkKept, isCheckName } from './registry.js';
import { authCase, invalidCase, probeCase, validCase } from './_test-support.js';

describe('the check registry', () => {
  it('names every check once, each with what it verifies', () => {
    expect(new Set(CHECK_NAMES).size).toBe(CHECK_NAMES.length);
    for (const name of CHECK_NAMES) expect(CHECKS[name].length).toBeGreaterThan(20);
  });

  it('holds the name each generic check tallies under, for every kind of case', () => {
    const cases = [
      validCase('listPets'),
      invalidCase('createPet'),
      authCase('listPets', 'missing'),
      probeCase('getPet'),
    ];
    for (const c of cases) for (const check of GENERIC_CHECKS) expect(CHECK_NAMES).toContain(check.name(c));
  });

  it('accepts a check, or the group of checks a prefix names, and nothing else', () => {
    expect(isCheckName('schema')).toBe(true);
    expect(isCheckName('semantics.limit')).toBe(true);
    expect(isCheckName('semantics')).toBe(true);
    expect(isCheckName('semantics.limitt')).toBe(false);
    expect(isCheckName('listPets')).toBe(false);
    expect(isCheckName('toString')).toBe(false);
  });

  it('keeps checks by --only and --skip, by name or group; operation names select no check', () => {
    expect(checkKept('schema', [], [])).toBe(true);
    expect(checkKept('schema', ['listPets'], [])).toBe(true);
    expect(checkKept('schema', ['auth'], [])).toBe(false);
    expect(checkKept('semantics.filter', ['semantics'], [])).toBe(true);
    expect(checkKept('schema', ['semantics'], [])).toBe(false);
    expect(checkKept('semantics.filter', [], ['semantics'])).toBe(false);
    expect(checkKept('semantics.filter', [], ['semantics.limit'])).toBe(true);
  });

  it('is what docs/checks.md documents: every check name appears there', () => {
    const readme = readFileSync(new URL('../../docs/checks.md', import.meta.url), 'utf8');
    expect(CHECK_NAMES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
