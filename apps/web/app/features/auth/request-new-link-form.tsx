// Asks for a fresh e-mailed link after a used or expired one: a sign-in link or a password reset link.
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, Link, useNavigation } from 'react-router';
import { FormError } from '../../ui/form-error';

export function RequestNewLinkForm({ formError }: { formError?: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  return (
    <Form method="post" noValidate>
      <Stack>
        <div>
          <Title order={1} size="h2">
            Request a new link
          </Title>
          <Text c="dimmed" size="sm">
            Links work once and expire after a while. Enter your e-mail address and we will send a new one.
          </Text>
        </div>
        <TextInput label="Email" name="email" type="email" autoComplete="email" />
        <FormError message={formError} />
        <Button type="submit" name="intent" value="magic-link" loading={submitting === 'magic-link'} fullWidth>
          Send me a magic link
        </Button>
        <Button
          type="submit"
          name="intent"
          value="recover"
          variant="default"
          loading={submitting === 'recover'}
          fullWidth
        >
          Reset my password
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </Form>
  );
}
