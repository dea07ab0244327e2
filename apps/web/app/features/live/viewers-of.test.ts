import { describe, expect, it } from 'vitest';
import { onPage, othersHere } from './viewers-of';

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
