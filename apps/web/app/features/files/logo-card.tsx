// The organization's logo, on the organization page's settings: user managers upload, replace or remove it. It is
// shown in the header of every page and on the sign-in page. The database deletes the logo a new one replaces.
import { Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { getNoticeStore } from '../../lib/notice-store';
import { getPopupStore } from '../../lib/popup-store';
import { loadBrowserSupabase } from '../../session/supabase.lazy';
import { usePictures } from '../../ui/pictures';
import { LOGO_TYPES, logoPathFor, MAX_LOGO_BYTES } from './file-rules';

async function pointOrganizationAt(logoPath: string | null) {
  const supabase = await loadBrowserSupabase();
  return supabase.from('organization').update({ logo_path: logoPath }).not('id', 'is', null);
}

export function LogoCard() {
  const { logoUrl } = usePictures();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      getNoticeStore().show(await work());
      await revalidator.revalidate();
    } catch (error) {
      getPopupStore().show({ type: 'error', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File | null) => {
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) {
      getPopupStore().show({ type: 'error', message: 'Choose a PNG, JPEG, WebP or GIF image.' });
      return;
    }
    if (file.size > MAX_LOGO_BYTES) {
      getPopupStore().show({ type: 'error', message: 'The logo may be up to 2 MB. Choose a smaller image.' });
      return;
    }
    void run(async () => {
      const supabase = await loadBrowserSupabase();
      const path = logoPathFor(file.type, Date.now());
      const { error } = await supabase.storage
        .from('logos')
        .upload(path, file, { contentType: file.type, cacheControl: '31536000' });
      if (error) throw new Error(`The logo could not be saved: ${error.message}`);
      const pointed = await pointOrganizationAt(path);
      if (pointed.error) {
        await supabase.storage.from('logos').remove([path]);
        throw new Error(`The logo could not be saved: ${pointed.error.message}`);
      }
      return 'The logo was saved.';
    });
  };

  const remove = () =>
    void run(async () => {
      const { error } = await pointOrganizationAt(null);
      if (error) throw new Error(`The logo could not be removed: ${error.message}`);
      return 'The logo was removed.';
    });

  return (
    <Paper withBorder p="lg" mb="lg" maw={720}>
      <Stack>
        <div>
          <Title order={2} size="h4">
            Logo
          </Title>
          <Text size="sm" c="dimmed">
            Shown at the top of every page and on the sign-in page, to everyone. PNG, JPEG, WebP or GIF, up to 2 MB.
          </Text>
        </div>
        <Group>
          {logoUrl ? (
            <Image src={logoUrl} alt="Current logo" h={56} w="auto" maw={200} fit="contain" />
          ) : (
            <Text size="sm" c="dimmed">
              No logo yet: pages show the Teamplan mark.
            </Text>
          )}
          <Group gap="xs">
            <FileButton onChange={upload} accept={LOGO_TYPES.join(',')}>
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPhotoUp size={16} aria-hidden />} loading={busy}>
                  {logoUrl ? 'Replace logo' : 'Upload logo'}
                </Button>
              )}
            </FileButton>
            {logoUrl ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={remove}
                disabled={busy}
              >
                Remove logo
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
