import { describe, expect, it } from 'vitest';
import { onPage, othersHere, sameViewers } from './viewers-of';

describe('othersHere', () => {
  it('lists each other person once, by name, with their latest tab, and never oneself', () => {
    const state = {
      me: [{ name: 'Me', page: 'planner', editing: null }],
      b: [
        { name: 'Bo', page: 'home', editing: null },
        { name: 'Bo', page: 'planner', editing: 'a1' },
      ],
      a: [{ name: 'Ada', page: 'planner', editing: null }],
      gone: [],
    };
    const viewers = othersHere(state, 'me');
    expect(viewers).toEqual([
      { userId: 'a', name: 'Ada', page: 'planner', editing: null },
      { userId: 'b', name: 'Bo', page: 'planner', editing: 'a1' },
    ]);
    expect(onPage(viewers, 'home')).toEqual([]);
  });
});

describe('sameViewers', () => {
  const ada = { userId: 'a', name: 'Ada', page: 'planner', editing: null };
  const bo = { userId: 'b', name: 'Bo', page: 'home', editing: null };

  it('finds two lists of the same people in the same places equal, new objects or not', () => {
    expect(sameViewers([], [])).toBe(true);
    expect(sameViewers([ada, bo], [{ ...ada }, { ...bo }])).toBe(true);
  });

  it('tells a person who came, went, moved to another page or started editing', () => {
    expect(sameViewers([ada], [ada, bo])).toBe(false);
    expect(sameViewers([ada, bo], [ada])).toBe(false);
    expect(sameViewers([ada], [{ ...ada, page: 'home' }])).toBe(false);
    expect(sameViewers([ada], [{ ...ada, editing: 'x1' }])).toBe(false);
    expect(sameViewers([ada], [{ ...ada, name: 'Ada L.' }])).toBe(false);
    expect(sameViewers([ada], [bo])).toBe(false);
  });
});
