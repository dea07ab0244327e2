import { describe, expect, it } from 'vitest';
import { editingSentence, editorsByAllocation, initialsOf } from './editors';
import { personColor } from './person-color';

const viewer = (userId: string, name: string, editing: string | null) => ({ userId, name, page: 'planner', editing });

describe('editorsByAllocation', () => {
  it('lists who edits each allocation, wherever they are, and leaves out those editing nothing', () => {
    const alex = viewer('a', 'Alex', 'x1');
    const bo = { ...viewer('b', 'Bo', 'x1'), page: 'project:p1' };
    const cy = viewer('c', 'Cy', 'x2');
    const map = editorsByAllocation([alex, bo, cy, viewer('d', 'Di', null)]);
    expect([...map.keys()]).toEqual(['x1', 'x2']);
    expect(map.get('x1')).toEqual([alex, bo]);
    expect(map.get('x2')).toEqual([cy]);
  });
});

describe('editingSentence', () => {
  it('names one, two or more people, and someone without a name', () => {
    expect(editingSentence([{ name: 'Alex' }])).toBe('Alex is editing');
    expect(editingSentence([{ name: 'Alex' }, { name: 'Bo' }])).toBe('Alex and Bo are editing');
    expect(editingSentence([{ name: 'Alex' }, { name: 'Bo' }, { name: ' ' }])).toBe('Alex, Bo and Someone are editing');
    expect(editingSentence([])).toBe('');
  });
});

describe('initialsOf', () => {
  it('takes the first and last word, upper case, and copes with no name and letters beyond ASCII', () => {
    expect(initialsOf('Alex Smith')).toBe('AS');
    expect(initialsOf('  ada  king  lovelace ')).toBe('AL');
    expect(initialsOf('élodie')).toBe('É');
    expect(initialsOf('')).toBe('?');
  });
});

describe('personColor', () => {
  it('is the same for a person every time, with readable text on it', () => {
    expect(personColor('user-1')).toEqual(personColor('user-1'));
    expect(['#000000', '#ffffff']).toContain(personColor('user-2').text);
  });
});
