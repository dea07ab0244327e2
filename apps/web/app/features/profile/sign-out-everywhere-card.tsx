// Ends every session of the account, on every device, after asking; then the sign-in page opens.
import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useSignOut } from '../../ui/layouts/use-sign-out';
import { SectionTitle } from './section-title';

export function SignOutEverywhereCard() {
  const [opened, { open, close }] = useDisclosure(false);
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useSignOut('global');
  const confirm = async () => {
    setSigningOut(true);
    await signOut();
    setSigningOut(false);
    close();
  };
  return (
    <Card withBorder>
      <Stack>
        <SectionTitle title="Sessions">
          Lost a device, or signed in on a shared computer? End every session of your account.
        </SectionTitle>
        <Group>
          <Button variant="default" color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={open}>
            Sign out of all devices
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={close} title="Sign out of all devices" centered>
        <Text>Every browser and app signed in to your account, this one included, has to sign in again.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={signingOut} onClick={() => void confirm()}>
            Sign out everywhere
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
