// What a form action answers: whether it worked, what the popup says, and which fields need another look.
import type { PopupRequest } from './popup-store';
import { describeDataError, fieldOfDataError, type DataError } from './data-errors';

export type FieldErrors = Record<string, string | undefined>;

export type ActionResult = {
  ok: boolean;
  /** Which form answered, for pages with several. */
  intent?: string;
  popup?: PopupRequest;
  fieldErrors?: FieldErrors;
};

/** Worked: a passing notice, or the dialog with `stay` when the person must act on the message. */
export function succeeded(intent: string, message: string, options: { stay?: boolean } = {}): ActionResult {
  return { ok: true, intent, popup: { type: 'success', message, ...(options.stay ? { stay: true } : {}) } };
}

export function failed(intent: string, message: string): ActionResult {
  return { ok: false, intent, popup: { type: 'error', message } };
}

/** Fields to look at again: each message shows on its field, with no popup hiding the form. */
export function invalid(intent: string, fieldErrors: FieldErrors): ActionResult {
  return { ok: false, intent, fieldErrors };
}

/** A refusal of the data API: on its field when it is about one (a code already in use), else in the popup. */
export function refused(intent: string, error: DataError | unknown, subject?: string): ActionResult {
  const message = describeDataError(error, subject);
  const field = fieldOfDataError(error);
  return field ? invalid(intent, { [field]: message }) : failed(intent, message);
}
