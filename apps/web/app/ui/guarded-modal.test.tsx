// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuardedModal } from './guarded-modal';

afterEach(cleanup);

// Mantine asks the browser for the preferred color scheme, which jsdom cannot answer.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

function Page({ onClose, onCommit }: { onClose?: () => void; onCommit?: () => void }) {
  const [opened, setOpened] = useState(true);
  const close = () => {
    onClose?.();
    setOpened(false);
  };
  return (
    <MantineProvider env="test">
      <button onClick={() => setOpened(true)}>Open</button>
      <Profiler id="dialog" onRender={() => onCommit?.()}>
        <GuardedModal opened={opened} onClose={close} title="Edit note">
          <input aria-label="Note" />
        </GuardedModal>
      </Profiler>
    </MantineProvider>
  );
}

const escape = () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

describe('GuardedModal', () => {
  it('closes at once on Escape while nothing was typed', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    escape();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks before throwing typed text away, and keeps it when the person keeps editing', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'Half days in March' } });
    escape();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Discard changes?' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('Half days in March');

    escape();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('starts clean when opened again', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'x' } });
    escape();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open', hidden: true }));
    escape();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  // A browser runs React's pending updates between an event's capture and bubble phases; a render of the dialog
  // there could put a controlled field back to its old value before the field's change handler sees the keystroke.
  it('re-renders nothing while a keystroke travels to its field', () => {
    const onCommit = vi.fn();
    render(<Page onCommit={onCommit} />);
    onCommit.mockClear();
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'x' } });
    expect(onCommit).not.toHaveBeenCalled();
  });
});
