// /login/code: the second sign-in step for people with an authenticator app; the session passed its password only.
import { Anchor, Button, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Form, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/login-code';
import { FormError } from '../ui/form-error';
import { useActionFeedback } from '../ui/use-action-feedback';
import { useSignOut } from '../ui/layouts/use-sign-out';
import { verifySecondFactor } from '../features/auth/auth-actions.server';
import { safeRedirectPath } from '../lib/redirects';
import { supabaseContext } from '../session/request-context.server';

export async function loader({ context }: Route.LoaderArgs) {
  const { data, error } = await context.get(supabaseContext).auth.mfa.listFactors();
  if (error) throw new Error(`Could not list the authenticators: ${error.message}`);
  return { factors: data.totp.map((factor) => ({ id: factor.id, name: factor.friendly_name || 'Authenticator app' })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return verifySecondFactor(
    context.get(supabaseContext),
    String(form.get('factorId') ?? ''),
    String(form.get('code') ?? ''),
    safeRedirectPath(form.get('redirectTo')),
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Authentication code · Teamplan' }];

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const { factors } = loaderData;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const signOut = useSignOut();
  const [factorId, setFactorId] = useState(factors[0]?.id ?? '');
  useActionFeedback(actionData);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Enter your code
        </Title>
        <Text c="dimmed" size="sm">
          Your account is protected with two-factor authentication. Open your authenticator app and enter the 6-digit
          code it shows for Teamplan.
        </Text>
      </div>
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? '/'} />
        <input type="hidden" name="factorId" value={factorId} />
        <Stack>
          {factors.length > 1 ? (
            <Select
              label="Authenticator"
              data={factors.map((factor) => ({ value: factor.id, label: factor.name }))}
              value={factorId}
              onChange={(value) => setFactorId(value ?? factors[0].id)}
              allowDeselect={false}
            />
          ) : null}
          <TextInput
            label="Authentication code"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            placeholder="123456"
            autoFocus
          />
          <FormError message={actionData?.formError} />
          <Button type="submit" loading={navigation.state === 'submitting'} fullWidth>
            Verify and continue
          </Button>
        </Stack>
      </Form>
      <Text size="sm" ta="center">
        Not you, or no access to your app?{' '}
        <Anchor component="button" type="button" onClick={() => void signOut()}>
          Sign in with another account
        </Anchor>
      </Text>
    </Stack>
  );
}
