// Typing into a dialog's form. A dialog moves the focus to its first field just after it opens; text typed before
// that could land in the field the focus moved to instead, so the typing waits until the focus is inside the dialog,
// and then checks that the field holds what was typed.
import { expect, type Locator } from '@playwright/test';

export async function fillIn(dialog: Locator, label: string, value: string) {
  await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  const field = dialog.getByLabel(label);
  await field.fill(value);
  await expect(field).toHaveValue(value);
}
