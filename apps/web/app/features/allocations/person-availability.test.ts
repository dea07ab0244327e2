import { describe, expect, it } from 'vitest';
import { personChoices } from './person-availability';

const people = [
  { id: 'a', full_name: 'Ada', job_title: 'Designer' },
  { id: 'b', full_name: 'Bo', job_title: null },
  { id: 'c', full_name: 'Cy', job_title: null },
];

describe('personChoices', () => {
  it('keeps the names in order while no dates are chosen', () => {
    expect(personChoices(people, null).map((c) => [c.label, c.free])).toEqual([
      ['Ada · Designer', null],
      ['Bo', null],
      ['Cy', null],
    ]);
  });

  it('puts the most free first and says how much, with days off and over-booking', () => {
    const choices = personChoices(people, [
      { user_id: 'a', capacity_hours: 40, allocated_hours: 48, free_hours: -8, time_off_days: 0 },
      { user_id: 'b', capacity_hours: 24, allocated_hours: 0, free_hours: 24, time_off_days: 2 },
      { user_id: 'c', capacity_hours: 40, allocated_hours: 7.5, free_hours: 32.5, time_off_days: 0 },
    ]);
    expect(choices).toEqual([
      { value: 'c', label: 'Cy', free: '32.5 h free of 40', over: false },
      { value: 'b', label: 'Bo', free: '24 h free of 24, 2 days off', over: false },
      { value: 'a', label: 'Ada · Designer', free: '8 h over-booked of 40', over: true },
    ]);
  });
});
