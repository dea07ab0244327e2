// Shows the popup of each new action result once, and tells the caller when one succeeded.
import { useEffect, useEffectEvent } from 'react';
import type { PopupRequest } from '../lib/popup-store';
import { usePopup } from './popup-provider';

/** What every action answers at least: the popup to show, and whether it worked (route actions' shape). */
type Feedback = { popup?: PopupRequest; ok?: boolean };

export function useActionFeedback<Result extends Feedback>(
  result: Result | undefined,
  onSuccess?: (result: Result) => void,
) {
  const showPopup = usePopup();
  // Only a new result object is news; a changed callback is not.
  const succeeded = useEffectEvent((result: Result) => onSuccess?.(result));
  useEffect(() => {
    if (!result) return;
    if (result.popup) showPopup(result.popup);
    if (result.ok) succeeded(result);
  }, [result, showPopup]);
}
