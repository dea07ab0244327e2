// "Choose a password" after a recovery or invite link: saved with the browser client, which holds the new session.
import { Button, Stack, Text, Title } from '@mantine/core';
import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { getBrowserSupabase } from '../../session/supabase.browser';
import { PasswordField } from '../../ui/password-field';
import { usePopup } from '../../ui/popup-provider';

export function ChoosePasswordForm({ next }: { next: string }) {
  const navigate = useNavigate();
  const showPopup = usePopup();
  const [saving, setSaving] = useState(false);
  const [weakPassword, setWeakPassword] = useState<{ message: string; reasons: string[] } | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setSaving(true);
    const { error } = await getBrowserSupabase().auth.updateUser({ password });
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
            Choose a password
          </Title>
          <Text c="dimmed" size="sm">
            You will sign in with it from now on.
          </Text>
        </div>
        <PasswordField label="New password" name="password" weakPassword={weakPassword} />
        <Button type="submit" loading={saving} fullWidth>
          Save password
        </Button>
      </Stack>
    </form>
  );
}
