import { describe, expect, it } from 'vitest';

import { rankPeople } from './rank-people';

const people = [
  { name: 'Amaya Brooks', email: 'amaya.brooks@example.com' },
  { name: 'Lena Mayer', email: 'lena@example.com' },
  { name: 'Tom Quill', email: 'maya.fan@example.com' },
  { name: 'Maya Okafor', email: 'maya.okafor@example.com' },
  { name: 'Ngô Bảo Maya', email: 'bao@example.com' },
  { name: 'Zed Unrelated', email: 'zed@example.com' },
];

const names = (typed: string) => rankPeople(people, typed).map((p) => p.name);

describe('rankPeople', () => {
  it('puts a first name that starts with what is typed first, a last name next, the address after', () => {
    expect(names('Maya')).toEqual(['Maya Okafor', 'Ngô Bảo Maya', 'Tom Quill', 'Amaya Brooks']);
    expect(names('May')).toEqual([
      'Maya Okafor',
      'Lena Mayer',
      'Ngô Bảo Maya',
      'Tom Quill',
      'Amaya Brooks',
    ]);
  });

  it('leaves out people matching none of the typed words', () => {
    expect(names('maya')).not.toContain('Zed Unrelated');
    expect(names('maya')).not.toContain('Lena Mayer');
    expect(names('maya okafor')).toEqual(['Maya Okafor']);
  });

  it('reads accents and case alike, and keeps the given order when nothing is typed', () => {
    expect(names('ngo bao')).toEqual(['Ngô Bảo Maya']);
    expect(names('  ')).toEqual(people.map((p) => p.name));
  });

  it('ranks the whole name above a longer name starting with it', () => {
    const two = [
      { name: 'Ann Lee Smith', email: 'a@x.io' },
      { name: 'Ann Lee', email: 'b@x.io' },
    ];
    expect(rankPeople(two, 'ann lee').map((p) => p.name)).toEqual(['Ann Lee', 'Ann Lee Smith']);
  });

  it('keeps, last, a person whose address the picker does not know', () => {
    const two = [{ name: 'Okafor Team' }, { name: 'Someone Else' }, { name: 'Maya Okafor' }];
    expect(rankPeople(two, 'maya').map((p) => p.name)).toEqual([
      'Maya Okafor',
      'Okafor Team',
      'Someone Else',
    ]);
  });
});
