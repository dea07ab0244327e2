// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DecimalInput } from './decimal-input';

afterEach(cleanup);

// Mantine asks the browser for the preferred color scheme, which jsdom cannot answer.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

function field(max?: number): HTMLInputElement {
  render(
    <MantineProvider>
      <DecimalInput label="Hours" name="hours" min={0} max={max} />
    </MantineProvider>,
  );
  return screen.getByLabelText('Hours');
}

describe('DecimalInput', () => {
  it('takes a comma as the decimal separator, never as a thousands one', () => {
    const input = field();
    fireEvent.change(input, { target: { value: '7,5' } });
    fireEvent.blur(input);
    expect(input.value).toBe('7.5');
  });

  it('keeps a point as typed', () => {
    const input = field();
    fireEvent.change(input, { target: { value: '7.25' } });
    fireEvent.blur(input);
    expect(input.value).toBe('7.25');
  });

  it('leaves a value over the maximum as typed, for the form to explain', () => {
    const input = field(168);
    fireEvent.change(input, { target: { value: '200' } });
    fireEvent.blur(input);
    expect(input.value).toBe('200');
  });
});
