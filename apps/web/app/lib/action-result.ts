// What a form action answers: whether it worked, what the popup says, and which fields need another look.
import { useEffect } from 'react';
import { usePopup } from '../ui/popup-provider';
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

/** Shows the popup of each new action result once, and tells the caller when one succeeded. */
export function useActionFeedback(result: ActionResult | undefined, onSuccess?: (result: ActionResult) => void) {
  const showPopup = usePopup();
  useEffect(() => {
    if (!result) return;
    if (result.popup) showPopup(result.popup);
    if (result.ok) onSuccess?.(result);
    // Only a new result object is news; a changed callback is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, showPopup]);
}
