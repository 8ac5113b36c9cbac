import { describe, expect, it } from 'vitest';
import { fitsParsedSyntax, parsedTextFor, plausibleFor } from './plausible-value.js';

const fixed = () => 0.5;

describe('member names that say their text has a syntax', () => {
  it.each(['email', 'inviteeEmail', 'billing_email', 'contact-email', 'userEmailAddress'])(
    '%s holds an e-mail address',
    (member) => {
      expect(parsedTextFor(member)?.(fixed)).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(fitsParsedSyntax(member, 'abc')).toBe(false);
      expect(fitsParsedSyntax(member, 'ann.lee@example.com')).toBe(true);
    },
  );

  it.each(['avatarUrl', 'callback_url', 'homePhone', 'contactPhoneNumber'])('%s is parsed text', (member) => {
    const text = parsedTextFor(member)?.(fixed);
    expect(text).toBeDefined();
    expect(fitsParsedSyntax(member, text!)).toBe(true);
  });

  it.each(['emailVerified', 'urlCount', 'phoneType', 'title', 'id'])('%s says no syntax', (member) => {
    expect(parsedTextFor(member)).toBeUndefined();
    expect(fitsParsedSyntax(member, 'abc')).toBeUndefined();
  });

  it('a qualified name draws the same kind of text as the bare one', () => {
    expect(plausibleFor('ownerEmail')?.(fixed)).toBe(plausibleFor('email')?.(fixed));
  });
});
