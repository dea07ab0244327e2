// A new-password input with live strength hints, and the auth service's reasons when it still finds it weak.
import { Alert, List, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { weakPasswordReasons, passwordHints } from './password-hints';
import { REVEAL_TOGGLE_PROPS } from './reveal-toggle';

type PasswordFieldProps = {
  label: string;
  name: string;
  weakPassword?: { message: string; reasons: string[] } | null;
};

export function PasswordField({ label, name, weakPassword }: PasswordFieldProps) {
  // The field is not controlled: what someone typed before the page's scripts took it over stays, and the hints
  // start from it.
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  useEffect(() => setPassword(input.current?.value ?? ''), []);
  const hintsId = `${name}-hints`;
  return (
    <Stack gap="xs">
      <PasswordInput
        label={label}
        name={name}
        autoComplete="new-password"
        ref={input}
        onChange={(event) => setPassword(event.currentTarget.value)}
        aria-describedby={hintsId}
        visibilityToggleButtonProps={REVEAL_TOGGLE_PROPS}
      />
      <List id={hintsId} size="sm" spacing={2} center aria-label="Strength hints">
        {passwordHints(password).map((hint) => (
          <List.Item
            key={hint.id}
            data-met={hint.met}
            icon={
              <ThemeIcon
                size={16}
                radius="xl"
                color={hint.met ? 'green' : 'slate'}
                variant={hint.met ? 'filled' : 'outline'}
              >
                {hint.met ? <IconCheck size={11} aria-hidden /> : <IconX size={11} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Text size="sm" c={hint.met ? undefined : 'dimmed'}>
              {hint.label}
              <span style={visuallyHidden}>{hint.met ? ' (met)' : ' (not met)'}</span>
            </Text>
          </List.Item>
        ))}
      </List>
      {weakPassword ? (
        <Alert color="red" variant="light" title="Not strong enough">
          <Text size="sm">Choose a stronger password:</Text>
          <List size="sm" mt="xs" aria-label="Reasons for rejection">
            {weakPasswordReasons(weakPassword).map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
