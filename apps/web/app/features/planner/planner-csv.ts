// The visible plan as CSV: one line per person shown, per period the allocated and capacity hours and the
// utilization, exactly as the database computed them.
import type { Period, Person } from './planner-data';
import { personName } from './planner-data';

function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A spreadsheet must not run a formula hidden in a name or job title.
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function planToCsv(people: Person[], periods: Period[]): string {
  const header = ['Person', 'Job title'];
  for (const period of periods) {
    header.push(`${period.start} allocated hours`, `${period.start} capacity hours`, `${period.start} utilization %`);
  }
  const lines = [header.map(field).join(',')];
  for (const person of people) {
    const row: (string | number | null)[] = [personName(person), person.job_title ?? ''];
    person.cells.forEach(([capacity, allocated, , , utilization]) => {
      row.push(allocated, capacity, utilization === null ? null : Math.round(utilization * 1000) / 10);
    });
    lines.push(row.map(field).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function csvFileName(from: string, to: string): string {
  return `teamplan-plan-${from}-to-${to}.csv`;
}
