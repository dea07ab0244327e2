// The person's picture on the profile page: choose an image, crop it square, save it; or remove it. The picture is
// uploaded from the browser with the person's own session (the avatars bucket's policies allow only their folder),
// then the profile is pointed at it; the database deletes the one it replaces.
import { Button, Card, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useRevalidator } from 'react-router';
import { getNoticeStore } from '../../lib/notice-store';
import { getPopupStore } from '../../lib/popup-store';
import { loadBrowserSupabase } from '../../session/supabase.lazy';
import { SectionTitle } from '../profile/section-title';
import { PersonAvatar } from '../../ui/person-avatar';
import { usePictures } from '../../ui/pictures';
import { AVATAR_TYPES, avatarPathFor, MAX_SOURCE_BYTES } from './file-rules';

const AvatarCropDialog = lazy(() => import('./avatar-crop-dialog'));

export function AvatarCard({ userId, name }: { userId: string; name: string }) {
  const hasPicture = usePictures().avatars[userId] !== undefined;
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    if (!AVATAR_TYPES.includes(chosen.type)) {
      getPopupStore().show({ type: 'error', message: 'Choose a PNG, JPEG, WebP or GIF image.' });
    } else if (chosen.size > MAX_SOURCE_BYTES) {
      getPopupStore().show({ type: 'error', message: 'This image is larger than 20 MB. Choose a smaller one.' });
    } else setFile(chosen);
  };

  const save = async (picture: Blob) => {
    setBusy(true);
    try {
      const supabase = await loadBrowserSupabase();
      const path = avatarPathFor(userId, picture.type, Date.now());
      const upload = await supabase.storage
        .from('avatars')
        .upload(path, picture, { contentType: picture.type, cacheControl: '31536000' });
      if (upload.error) throw new Error(`Your picture could not be saved: ${upload.error.message}`);
      const { error } = await supabase.from('profiles').update({ avatar_path: path }).eq('id', userId);
      if (error) {
        await supabase.storage.from('avatars').remove([path]);
        throw new Error(`Your picture could not be saved: ${error.message}`);
      }
      setFile(null);
      getNoticeStore().show('Your picture was saved.');
      await revalidator.revalidate();
    } catch (error) {
      getPopupStore().show({ type: 'error', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    const supabase = await loadBrowserSupabase();
    const { error } = await supabase.from('profiles').update({ avatar_path: null }).eq('id', userId);
    setBusy(false);
    if (error) getPopupStore().show({ type: 'error', message: `Your picture could not be removed: ${error.message}` });
    else {
      getNoticeStore().show('Your picture was removed.');
      await revalidator.revalidate();
    }
  };

  return (
    <Card withBorder>
      <Stack>
        <SectionTitle title="Picture">
          Shown next to your name in plans, lists and to those on the same page.
        </SectionTitle>
        <Group>
          <PersonAvatar userId={userId} name={name} size={72} color="blue" data-testid="profile-avatar" />
          <Stack gap="xs">
            <Group gap="xs">
              <FileButton onChange={choose} accept={AVATAR_TYPES.join(',')}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconPhotoUp size={16} aria-hidden />}
                    loading={busy}
                  >
                    {hasPicture ? 'Change picture' : 'Upload picture'}
                  </Button>
                )}
              </FileButton>
              {hasPicture ? (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => void remove()}
                  disabled={busy}
                >
                  Remove picture
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              PNG, JPEG, WebP or GIF. You choose a square of it next.
            </Text>
          </Stack>
        </Group>
      </Stack>
      {file ? (
        <Suspense fallback={null}>
          <AvatarCropDialog
            file={file}
            saving={busy}
            onCancel={() => setFile(null)}
            onCropped={(blob) => void save(blob)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
