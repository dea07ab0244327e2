import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNoticeStore } from './notice-store';

describe('notice store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows notices at once, closes each by itself after a while, and never shows one twice', () => {
    const store = createNoticeStore(1000);
    const changes = vi.fn();
    store.subscribe(changes);
    store.show('The project was saved.', 'Saved', 'a');
    store.show('The project was saved.', 'Saved', 'a');
    store.show('The allocation was added.');
    expect(store.current().map((notice) => notice.message)).toEqual([
      'The project was saved.',
      'The allocation was added.',
    ]);
    vi.advanceTimersByTime(1000);
    expect(store.current()).toEqual([]);
    expect(changes).toHaveBeenCalledTimes(4);
  });

  it('can be closed early and keeps the last three', () => {
    const store = createNoticeStore(0);
    for (const n of [1, 2, 3, 4]) store.show(`Notice ${n}`, 'Done', `n${n}`);
    expect(store.current().map((notice) => notice.id)).toEqual(['n2', 'n3', 'n4']);
    store.close('n3');
    expect(store.current().map((notice) => notice.id)).toEqual(['n2', 'n4']);
  });
});
