// One member's permission as a switch: saved at once, shown as asked while saving, back to the stored value if the
// database refuses (its reason goes to the popup). Giving up one's own user management is asked about first.
import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { type ActionResult } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import type { PermissionName } from '../../session/permissions';
import { ConfirmFormDialog } from '../../ui/confirm-dialog';

type PermissionSwitchProps = {
  userId: string;
  permission: PermissionName;
  checked: boolean;
  /** "Max Member can manage users", for screen readers. */
  label: string;
  isYou: boolean;
};

export function PermissionSwitch({ userId, permission, checked, label, isYou }: PermissionSwitchProps) {
  const fetcher = useFetcher<ActionResult>();
  useActionFeedback(fetcher.data);
  const [confirming, setConfirming] = useState(false);
  // While the change is on its way the switch shows it; afterwards the reloaded row says what was stored.
  const pending = fetcher.formData?.get('value');
  const shown = pending === undefined || pending === null ? checked : pending === 'true';
  const change = { intent: 'set-permission', user_id: userId, permission };

  function toggle(value: boolean) {
    if (isYou && permission === 'can_manage_users' && !value) return setConfirming(true);
    void fetcher.submit({ ...change, value: String(value) }, { method: 'post' });
  }

  return (
    <>
      <Switch
        aria-label={label}
        checked={shown}
        disabled={fetcher.state !== 'idle'}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
      {isYou ? (
        <ConfirmFormDialog
          opened={confirming}
          onClose={() => setConfirming(false)}
          title="Stop managing users?"
          message="You will no longer open this page or change members, invitations and settings. Another member who manages users can give the permission back."
          confirmLabel="Give up the permission"
          closeWhen="answered"
          intent="set-permission"
          fields={{ ...change, value: 'false' }}
        />
      ) : null}
    </>
  );
}
