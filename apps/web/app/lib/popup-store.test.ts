import { describe, expect, it, vi } from 'vitest';
import { createPopupStore, defaultPopupTitle, toPopup } from './popup-store';

describe('popup titles', () => {
  it('defaults to Success, Error and Notice', () => {
    expect(defaultPopupTitle('success')).toBe('Success');
    expect(defaultPopupTitle('error')).toBe('Error');
    expect(defaultPopupTitle('info')).toBe('Notice');
    expect(defaultPopupTitle('warning')).toBe('Notice');
  });

  it('keeps a title given by the caller', () => {
    expect(toPopup({ type: 'error', title: 'Link expired', message: 'x' }).title).toBe('Link expired');
  });

  it('uses the default for a blank title', () => {
    expect(toPopup({ type: 'success', title: '  ', message: 'x' }).title).toBe('Success');
  });
});

describe('createPopupStore', () => {
  it('shows one popup at a time, in order', () => {
    const store = createPopupStore();
    store.show({ type: 'info', message: 'first' });
    store.show({ type: 'error', message: 'second' });
    expect(store.current()?.message).toBe('first');
    store.close();
    expect(store.current()).toMatchObject({ message: 'second', title: 'Error' });
    store.close();
    expect(store.current()).toBeNull();
  });

  it('does not queue the same popup twice', () => {
    const store = createPopupStore();
    const popup = toPopup({ type: 'error', message: 'denied' }, 'flash-1');
    store.show(popup);
    store.show(popup);
    store.close();
    expect(store.current()).toBeNull();
  });

  it('tells subscribers about changes', () => {
    const store = createPopupStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show({ type: 'info', message: 'hello' });
    store.close();
    unsubscribe();
    store.show({ type: 'info', message: 'again' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
