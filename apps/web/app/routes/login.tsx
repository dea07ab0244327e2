// /login: sign in with e-mail or phone and password, or ask for a magic link or a password reset e-mail.
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, Link, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { FormError } from '../ui/form-error';
import { useActionFeedback } from '../ui/use-action-feedback';
import { REVEAL_TOGGLE_PROPS } from '../ui/reveal-toggle';
import { sendMagicLink, sendPasswordReset, signIn } from '../features/auth/auth-actions.server';
import { safeRedirectPath } from '../lib/redirects';
import { supabaseContext } from '../session/request-context.server';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const supabase = context.get(supabaseContext);
  const identifier = String(form.get('identifier') ?? '');
  const redirectTo = safeRedirectPath(form.get('redirectTo'));
  const { origin } = new URL(request.url);
  switch (form.get('intent')) {
    case 'magic-link':
      return sendMagicLink(supabase, identifier, origin, redirectTo);
    case 'recover':
      return sendPasswordReset(supabase, identifier, origin);
    default:
      return signIn(supabase, identifier, String(form.get('password') ?? ''), redirectTo);
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Sign in · Teamplan' }];

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  useActionFeedback(actionData);
  const submitting = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Sign in
        </Title>
        <Text c="dimmed" size="sm">
          Plan who works on what, and when.
        </Text>
      </div>
      {/* noValidate: empty fields must reach the server, which answers with the product's own message. */}
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? '/'} />
        <Stack>
          <TextInput label="Email or phone" name="identifier" autoComplete="username" inputMode="email" />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            visibilityToggleButtonProps={REVEAL_TOGGLE_PROPS}
          />
          <FormError message={actionData?.formError} />
          {/* First submit button: pressing Enter in a field signs in. */}
          <Button type="submit" name="intent" value="sign-in" loading={submitting === 'sign-in'} fullWidth>
            Sign in
          </Button>
          <Group justify="space-between" gap="xs">
            <Button
              type="submit"
              name="intent"
              value="recover"
              variant="subtle"
              color="blue"
              size="compact-sm"
              loading={submitting === 'recover'}
            >
              Forgot password?
            </Button>
            <Button
              type="submit"
              name="intent"
              value="magic-link"
              variant="subtle"
              color="blue"
              size="compact-sm"
              loading={submitting === 'magic-link'}
            >
              Send me a magic link
            </Button>
          </Group>
        </Stack>
      </Form>
      <Text size="sm" ta="center">
        New to Teamplan?{' '}
        <Anchor component={Link} to="/signup">
          Create an account
        </Anchor>
      </Text>
    </Stack>
  );
}
