// "Foto de perfil" (seed 1 section 3, photoURL): upload (JPEG, PNG or WebP, ≤ 5 MB), preview and remove
// the nutritionist's photo (PUT/GET/DELETE /api/v1/me/photo). The image needs the bearer header, so it is
// fetched as a blob (lib/api-upload) and shown through an object URL.
import { useEffect, useMemo } from 'react';
import { Avatar, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PROFILE_PHOTO_FIELD, PROFILE_PHOTO_MAX_BYTES } from '@almendra/contracts';
import { isApiError } from '../../../lib/api-error';
import { authorized } from '../../../lib/api-upload';
import { ME_QUERY_KEY } from '../../../lib/current-user';
import { showError, showSuccess, showWarning } from '../../../lib/toast';

const photoKey = ['account', 'photo'] as const;

/** The photo as a Blob, or null when there is none yet (404). */
async function fetchPhoto(): Promise<Blob | null> {
  try {
    return await (await authorized('GET', '/me/photo')).blob();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function ProfilePhotoCard() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const photo = useQuery({ queryKey: photoKey, queryFn: fetchPhoto });
  const url = useMemo(() => (photo.data ? URL.createObjectURL(photo.data) : null), [photo.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: photoKey });
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  };
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append(PROFILE_PHOTO_FIELD, file, file.name);
      await authorized('PUT', '/me/photo', form);
    },
    onSuccess: () => (done(), showSuccess(t('photo.savedTitle'), t('photo.savedMessage'))),
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: async () => {
      await authorized('DELETE', '/me/photo');
    },
    onSuccess: () => (queryClient.setQueryData(photoKey, null), done(), showSuccess(t('photo.removedTitle'), t('photo.removedMessage'))),
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
