// /signup: create an account with a full name, e-mail or phone and a password.
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/signup';
import { FormError } from '../ui/form-error';
import { useActionFeedback } from '../ui/use-action-feedback';
import { PasswordField } from '../ui/password-field';
import { signUp } from '../features/auth/auth-actions.server';
import { supabaseContext } from '../session/request-context.server';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return signUp(context.get(supabaseContext), {
    fullName: String(form.get('fullName') ?? ''),
    identifier: String(form.get('identifier') ?? ''),
    password: String(form.get('password') ?? ''),
    origin: new URL(request.url).origin,
  });
}

/** Whether the organization has anyone yet: the first account creates it. */
export async function loader({ context }: Route.LoaderArgs) {
  const { data } = await context.get(supabaseContext).rpc('organization_has_members');
  return { first: data === false };
}

export const meta: Route.MetaFunction = () => [{ title: 'Create account · Teamplan' }];

export default function Signup({ actionData, loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useActionFeedback(actionData);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Create account
        </Title>
        {loaderData.first ? (
          <Text size="sm" data-testid="first-account">
            You are the first: this account creates your organization, and you become its administrator. You then name
            it and invite the others.
          </Text>
        ) : (
          <Text c="dimmed" size="sm">
            Join your organization's plan.
          </Text>
        )}
      </div>
      {/* noValidate: empty fields must reach the server, which answers with the product's own message. */}
      <Form method="post" noValidate>
        <Stack>
          <TextInput label="Full name" name="fullName" autoComplete="name" />
          <TextInput label="Email or phone" name="identifier" autoComplete="username" inputMode="email" />
          <PasswordField label="Password" name="password" weakPassword={actionData?.weakPassword} />
          <FormError message={actionData?.formError} />
          <Button type="submit" loading={navigation.state === 'submitting'} fullWidth>
            Create account
          </Button>
        </Stack>
      </Form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
