// What a form action answers: whether it worked, what the popup says, and which fields need another look.
import type { PopupRequest } from './popup-store';

export type FieldErrors = Record<string, string | undefined>;

export type ActionResult = {
  ok: boolean;
  /** Which form answered, for pages with several. */
  intent?: string;
  popup?: PopupRequest;
  fieldErrors?: FieldErrors;
};

export function succeeded(intent: string, message: string): ActionResult {
  return { ok: true, intent, popup: { type: 'success', message } };
}

export function failed(intent: string, message: string): ActionResult {
  return { ok: false, intent, popup: { type: 'error', message } };
}

export function invalid(intent: string, fieldErrors: FieldErrors): ActionResult {
  return {
    ok: false,
    intent,
    fieldErrors,
    popup: { type: 'error', message: 'Some fields need another look. Check the highlighted fields.' },
  };
}
