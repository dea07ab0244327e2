// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { PasswordField } from './password-field';

// Mantine asks the browser for the preferred color scheme, which jsdom cannot answer.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

const field = (
  <MantineProvider>
    <PasswordField label="Password" name="password" />
  </MantineProvider>
);

const hint = (text: RegExp) => screen.getByText(text).closest('li');

it('keeps what was typed before the page became interactive, and its hints follow it', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(field);
  document.body.append(container);
  const input = screen.getByLabelText('Password') as HTMLInputElement;
  input.value = 'abcdefghij12';

  await act(async () => {
    hydrateRoot(container, field);
  });
  expect(input.value).toBe('abcdefghij12');
  expect(hint(/at least/i)?.getAttribute('data-met')).toBe('true');

  fireEvent.change(input, { target: { value: 'abc' } });
  expect(hint(/at least/i)?.getAttribute('data-met')).toBe('false');
});
