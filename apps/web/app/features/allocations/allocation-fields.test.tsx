// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AllocationFormFields } from './allocation-fields';
import { toFormValues } from './allocation-draft';

type Props = ComponentProps<typeof AllocationFormFields>;

function render(props: Partial<Props>): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>
        <AllocationFormFields
          values={toFormValues({ start_date: '2026-03-02', end_date: '2026-03-13' })}
          onChange={() => undefined}
          errors={{}}
          {...props}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
  return container;
}

const labels = (form: HTMLElement) =>
  [...form.querySelectorAll('label')].map((label) => label.textContent?.replace(/\s*\*$/, '').trim());

describe('AllocationFormFields', () => {
  it('asks for the same things in the same order, naming the project or person a screen has fixed', () => {
    const common = [
      'Start date',
      'End date',
      'Hours per day',
      'Role',
      'Tentative (pencilled in, not confirmed)',
      'Note',
    ];
    const projectPage = render({ projectName: 'Orbit', people: [{ value: 'p1', label: 'Ada Lovelace' }] });
    expect(labels(projectPage)).toEqual(['Person', ...common]);
    expect(projectPage.textContent).toContain('Project: Orbit');
    const planner = render({ projects: [{ value: 'x', label: 'Orbit' }], personName: 'Ada Lovelace' });
    expect(labels(planner)).toEqual(['Project', ...common]);
    expect(planner.textContent).toContain('Person: Ada Lovelace');
  });

  it('holds the limits the rules check: hours up to 24 in half hours, role 120 and note 2000 characters', () => {
    const form = render({ people: [] });
    const hours = form.querySelector<HTMLInputElement>('input[name="hours_per_day"]')!;
    expect(hours.value).toBe('8');
    expect(form.querySelector('input[name="role"]')!.getAttribute('maxlength')).toBe('120');
    expect(form.querySelector('textarea[name="note"]')!.getAttribute('maxlength')).toBe('2000');
    expect(form.querySelector('input[name="start_date"]')!.getAttribute('value')).toBe('2026-03-02');
  });

  it('shows the error under the field it belongs to', () => {
    const form = render({ people: [], errors: { hours_per_day: 'Hours per day must be more than 0.' } });
    const hours = form.querySelector('input[name="hours_per_day"]')!;
    const described = hours.getAttribute('aria-describedby')!;
    expect(form.querySelector(`[id="${described.split(' ').find((id) => id.includes('error'))}"]`)?.textContent).toBe(
      'Hours per day must be more than 0.',
    );
  });

  it('points to the projects page when there is no project to choose', () => {
    const form = render({ projects: [], personName: 'Ada Lovelace' });
    expect(form.textContent).toContain('No project to allocate to');
    expect(form.querySelector('a[href="/projects"]')).not.toBeNull();
  });
});
