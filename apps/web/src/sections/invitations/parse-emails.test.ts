import { describe, expect, it } from 'vitest';

import { parseEmails } from './parse-emails';

describe('parseEmails', () => {
  it('reads a pasted list: lines, commas, semicolons, names in angle brackets, duplicates once', () => {
    expect(
      parseEmails(
        'ana@example.test\nBen <BEN@example.test>; carl@example.test,\n\nana@example.test',
      ),
    ).toEqual({
      emails: ['ana@example.test', 'ben@example.test', 'carl@example.test'],
      invalid: [],
    });
  });

  it('reads the address column of a CSV and skips the header and other columns', () => {
    const csv = 'name,email,role\n"Ana Lima","ana@example.test",user\nBen,ben@example.test,admin\n';
    expect(parseEmails(csv).emails).toEqual(['ana@example.test', 'ben@example.test']);
  });

  it('names what looks like a mistyped address', () => {
    expect(parseEmails('ana@example, ben@example.test').invalid).toEqual(['ana@example']);
  });
});
