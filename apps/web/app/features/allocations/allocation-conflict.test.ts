import { describe, expect, it } from 'vitest';
import { changedAt, changedSentence, differences, whoChanged, type AllocationValues } from './allocation-conflict';

const names = {
  project: (id: string) => ({ p1: 'Apollo', p2: 'Gemini' })[id],
  person: (id: string) => ({ u1: 'Ada' })[id],
};
const base: AllocationValues = {
  project_id: 'p1',
  user_id: 'u1',
  start_date: '2026-03-02',
  end_date: '2026-03-06',
  hours_per_day: 4,
  tentative: false,
  role: null,
  note: null,
};

describe('differences', () => {
  it('lists only the fields that differ, in words, theirs then mine', () => {
    const theirs = { ...base, end_date: '2026-03-13', hours_per_day: '4.00', project_id: 'p2' };
    const mine = { ...base, hours_per_day: 6, tentative: true, role: 'Lead' };
    expect(differences(theirs, mine, names)).toEqual([
      { field: 'Project', theirs: 'Gemini', mine: 'Apollo' },
      { field: 'End', theirs: '13 Mar 2026', mine: '6 Mar 2026' },
      { field: 'Hours per day', theirs: '4 h/day', mine: '6 h/day' },
      { field: 'Status', theirs: 'Confirmed', mine: 'Tentative' },
      { field: 'Role', theirs: '—', mine: 'Lead' },
    ]);
  });

  it('finds nothing when both made the same change, however the hours and empty text are written', () => {
    expect(differences({ ...base, hours_per_day: '4.00', note: '' }, { ...base, note: null }, names)).toEqual([]);
  });

  it('names a project or person the reader cannot see without their id', () => {
    expect(differences({ ...base, project_id: 'hidden' }, base, names)[0]).toEqual({
      field: 'Project',
      theirs: 'Another project',
      mine: 'Apollo',
    });
  });
});

describe('who and when', () => {
  const now = new Date(2026, 2, 4, 16, 30);
  it('says the time today, the day before, the year in another year', () => {
    expect(changedAt(new Date(2026, 2, 4, 14, 2).toISOString(), now)).toBe('at 14:02');
    expect(changedAt(new Date(2026, 2, 3, 9, 5).toISOString(), now)).toBe('on 3 Mar at 09:05');
    expect(changedAt(new Date(2025, 11, 31, 23, 59).toISOString(), now)).toBe('on 31 Dec 2025 at 23:59');
    expect(changedAt('not a time', now)).toBe('');
  });

  it('names who changed it, or someone else when the name cannot be shown', () => {
    const theirs = { ...base, id: 'a1', updated_at: new Date(2026, 2, 4, 14, 2).toISOString() };
    expect(changedSentence({ theirs, by: 'Alex' }, now)).toBe('Alex changed this allocation at 14:02');
    expect(whoChanged({ by: null })).toBe('Someone else');
    expect(whoChanged({ by: ' ' })).toBe('Someone else');
  });
});
