import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE_UPDATES, PRESENCE_WINDOW_MS, presenceBudget } from './presence-budget';

describe('presenceBudget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends at once within Realtime's allowance, then holds the newest state until the window has room", () => {
    const sent: string[] = [];
    const budget = presenceBudget((state: string) => sent.push(state));
    for (let i = 1; i <= PRESENCE_UPDATES; i += 1) budget.update(`s${i}`);
    expect(sent).toEqual(['s1', 's2', 's3', 's4', 's5']);

    budget.update('s6');
    budget.update('s7');
    vi.advanceTimersByTime(PRESENCE_WINDOW_MS - 1);
    expect(sent).toHaveLength(PRESENCE_UPDATES);
    vi.advanceTimersByTime(1);
    // The state that went out is the newest; the one it replaced never did.
    expect(sent.slice(PRESENCE_UPDATES)).toEqual(['s7']);
  });

  it('never sends more than the allowance in any window, however fast the updates come', () => {
    const times: number[] = [];
    const budget = presenceBudget(() => times.push(Date.now()));
    for (let i = 0; i < 200; i += 1) {
      budget.update({ editing: i });
      vi.advanceTimersByTime(700);
    }
    vi.advanceTimersByTime(PRESENCE_WINDOW_MS);
    expect(times.length).toBeGreaterThan(PRESENCE_UPDATES);
    for (const [index, time] of times.entries()) {
      const inWindow = times.filter((other) => other >= time && other < time + PRESENCE_WINDOW_MS);
      expect(inWindow.length, `window from send ${index}`).toBeLessThanOrEqual(PRESENCE_UPDATES);
    }
  });

  it('does not send what the others already see, and drops a waiting state that returns to it', () => {
    const sent: Array<{ editing: string | null }> = [];
    const budget = presenceBudget((state: { editing: string | null }) => sent.push(state));
    budget.update({ editing: null });
    budget.update({ editing: null });
    expect(sent).toEqual([{ editing: null }]);

    for (let i = 0; i < PRESENCE_UPDATES - 1; i += 1) budget.update({ editing: `a${i}` });
    budget.update({ editing: 'held' });
    budget.update({ editing: `a${PRESENCE_UPDATES - 2}` });
    vi.advanceTimersByTime(PRESENCE_WINDOW_MS);
    expect(sent).toHaveLength(PRESENCE_UPDATES);
  });

  it('sends nothing once stopped', () => {
    const sent: string[] = [];
    const budget = presenceBudget((state: string) => sent.push(state));
    for (let i = 0; i <= PRESENCE_UPDATES; i += 1) budget.update(`s${i}`);
    budget.stop();
    vi.advanceTimersByTime(PRESENCE_WINDOW_MS * 2);
    expect(sent).toHaveLength(PRESENCE_UPDATES);
  });
});
