// "Choose a password" after a recovery or invite link: saved with the browser client, which holds the new session.
// Someone joining by invitation is also asked for their name, which the organization sees in its plan.
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { getBrowserSupabase } from '../../session/supabase.browser';
import { PasswordField } from '../../ui/password-field';
import { usePopup } from '../../ui/popup-provider';

export function ChoosePasswordForm({ next, askName = false }: { next: string; askName?: boolean }) {
  const navigate = useNavigate();
  const showPopup = usePopup();
  const [saving, setSaving] = useState(false);
  const [weakPassword, setWeakPassword] = useState<{ message: string; reasons: string[] } | null>(null);
  const [nameError, setNameError] = useState<string | undefined>(undefined);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const fullName = String(form.get('full_name') ?? '').trim();
    if (askName && (fullName === '' || fullName.length > 120)) {
      return setNameError(fullName === '' ? 'Enter your name.' : 'Your name may have 120 characters at most.');
    }
    setNameError(undefined);
    setSaving(true);
    const supabase = getBrowserSupabase();
    const { data, error } = await supabase.auth.updateUser(
      askName ? { password, data: { full_name: fullName } } : { password },
    );
    if (!error && askName && data.user) {
      await supabase.from('profiles').update({ full_name: fullName }).eq('id', data.user.id);
    }
    setSaving(false);
    if (isAuthWeakPasswordError(error)) return setWeakPassword({ message: error.message, reasons: error.reasons });
    if (error) return showPopup({ type: 'error', message: error.message });
    showPopup({ type: 'success', message: 'Your password has been saved.' });
    await navigate(next, { replace: true });
  }

  return (
    // method="post": should it be submitted before the page is interactive, the password stays out of the URL.
    <form method="post" onSubmit={(event) => void save(event)} noValidate>
      <Stack>
        <div>
          <Title order={1} size="h2">
            {askName ? 'Welcome! Who are you?' : 'Choose a password'}
          </Title>
          <Text c="dimmed" size="sm">
            {askName
              ? 'Your colleagues see your name in the plan. You will sign in with the password from now on.'
              : 'You will sign in with it from now on.'}
          </Text>
        </div>
        {askName ? (
          <TextInput
            label="Your name"
            name="full_name"
            autoComplete="name"
            required
            maxLength={120}
            error={nameError}
          />
        ) : null}
        <PasswordField label="New password" name="password" weakPassword={weakPassword} />
        <Button type="submit" loading={saving} fullWidth>
          Save password
        </Button>
      </Stack>
    </form>
  );
}
