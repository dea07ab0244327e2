// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it } from 'vitest';
import { useRevalidateWhenIdle } from './use-revalidate-when-idle';

it('waits for a navigation to finish before loading the page again, so the navigation keeps what it loaded', async () => {
  let reload = () => {};
  function Page() {
    reload = useRevalidateWhenIdle();
    return null;
  }
  const answers: ((value: string) => void)[] = [];
  const router = createMemoryRouter([
    { id: 'home', path: '/', Component: Page },
    { id: 'next', path: '/next', Component: Page, loader: () => new Promise<string>((r) => answers.push(r)) },
  ]);
  render(<RouterProvider router={router} />);

  await act(async () => void router.navigate('/next'));
  expect(router.state.navigation.state).toBe('loading');
  // A change is heard while the navigation loads: its load must not be started again.
  await act(async () => reload());
  expect(answers).toHaveLength(1);
  await act(async () => answers[0]('handed over'));
  expect(router.state.location.pathname).toBe('/next');
  expect(router.state.loaderData.next).toBe('handed over');

  // Then the page loads again for the change.
  expect(answers).toHaveLength(2);
  await act(async () => answers[1]('after the change'));
  expect(router.state.loaderData.next).toBe('after the change');
});

it('does not load again for a page the router has already left, while React still shows it', async () => {
  let reloadLeftPage = () => {};
  function LeftPage() {
    reloadLeftPage = useRevalidateWhenIdle();
    return null;
  }
  let loads = 0;
  const router = createMemoryRouter([
    { id: 'left', path: '/', Component: LeftPage },
    { id: 'next', path: '/next', Component: () => null, loader: () => ++loads },
  ]);
  render(<RouterProvider router={router} />);

  await act(async () => {
    await router.navigate('/next');
    // The navigation has finished, but React has not shown the next page yet: the page being left hears a change.
    expect(router.state.location.pathname).toBe('/next');
    reloadLeftPage();
  });
  await act(async () => await new Promise((resolve) => setTimeout(resolve, 10)));
  // Loading again would be the next page's data, and would replace what its navigation brought before it is shown.
  expect(loads).toBe(1);
});
