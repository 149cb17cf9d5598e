// "Foto de perfil" (seed 1 section 3, photoURL): upload (JPEG, PNG or WebP, ≤ 5 MB), preview and remove
// the nutritionist's photo (PUT/GET/DELETE /api/v1/me/photo; shown through lib/profile-photo, like the
// navbar's user menu). A save or removal updates the photo version in the cached /me at once, so both
// pictures change together.
import type { MeResponse, ProfilePhoto } from '@almendra/contracts';
import { Avatar, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PROFILE_PHOTO_FIELD, PROFILE_PHOTO_MAX_BYTES } from '@almendra/contracts/constants';
import { authorized, multipart } from '../../../lib/api-upload';
import { ME_QUERY_KEY, useCurrentUser } from '../../../lib/current-user';
import { useProfilePhotoUrl } from '../../../lib/profile-photo';
import { showError, showSuccess, showWarning } from '../../../lib/toast';

/** The cached /me with another photo version (null: no photo). */
function withPhotoVersion(me: MeResponse | undefined, photoUpdatedAt: string | null): MeResponse | undefined {
  return me?.nutritionist ? { ...me, nutritionist: { ...me.nutritionist, photoUpdatedAt } } : me;
}

export function ProfilePhotoCard() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const url = useProfilePhotoUrl(me.data?.nutritionist?.photoUpdatedAt);
  const setVersion = (photoUpdatedAt: string | null) =>
    queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (cached) => withPhotoVersion(cached, photoUpdatedAt));
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append(PROFILE_PHOTO_FIELD, file, file.name);
      return (await multipart<ProfilePhoto>('PUT', '/me/photo', form)).photoUpdatedAt;
    },
    onSuccess: (photoUpdatedAt) => (setVersion(photoUpdatedAt), showSuccess(t('photo.savedTitle'), t('photo.savedMessage'))),
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: async () => {
      await authorized('DELETE', '/me/photo');
    },
    onSuccess: () => (setVersion(null), showSuccess(t('photo.removedTitle'), t('photo.removedMessage'))),
    onError: showError,
  });
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > PROFILE_PHOTO_MAX_BYTES) {
      showWarning(t('photo.tooLargeTitle'), t('photo.tooLarge'));
      return;
    }
    upload.mutate(file);
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="profile-photo-card">
      <Group gap="lg" align="center">
        <Avatar src={url} size={88} radius={88} alt={t('photo.alt')} data-testid="profile-photo" />
        <Stack gap={6} style={{ flex: "1 1 220px", minWidth: 0 }}>
          <Title order={2} size="h4">
            {t('photo.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('photo.hint')}
          </Text>
          <Group gap="xs">
            <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconPhotoUp size={16} aria-hidden />} loading={upload.isPending}>
                  {url ? t('photo.replace') : t('photo.upload')}
                </Button>
              )}
            </FileButton>
            {url ? (
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => remove.mutate()} loading={remove.isPending}>
                {t('photo.remove')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
