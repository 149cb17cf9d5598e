// "Logo para tus planes": upload (PNG or JPEG, ≤ 2 MB), preview and remove the logo printed on the plan
// PDF header (PUT/GET/DELETE /api/v1/me/logo). The image needs the bearer header, so it is fetched as a
// blob and shown through an object URL.
import { useEffect, useMemo } from 'react';
import { Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NUTRITIONIST_LOGO_FIELD, NUTRITIONIST_LOGO_MAX_BYTES } from '@almendra/contracts/constants';
import type { NutritionistLogo } from '@almendra/contracts';
import { API_BASE, refreshSession } from '../../../lib/api-client';
import { apiErrorFromResponse } from '../../../lib/api-error';
import { currentAccessToken } from '../../../lib/session';
import { showSuccess, showWarning } from '../../../lib/toast';

const logoKey = ['account', 'logo'] as const;

/** fetch with the bearer token; one shared refresh and retry on 401. */
async function send(method: 'GET' | 'PUT' | 'DELETE', body?: FormData): Promise<Response> {
  const go = (token: string | null) =>
    window.fetch(`${API_BASE}/me/logo`, {
      method,
      ...(body ? { body } : {}),
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  const token = currentAccessToken();
  const response = await go(token);
  if (response.status !== 401 || !token) return response;
  const renewed = await refreshSession(token);
  return renewed ? go(renewed) : response;
}

/** The logo as a Blob, or null when there is none yet (404). */
async function fetchLogo(): Promise<Blob | null> {
  const response = await send('GET');
  if (response.status === 404) return null;
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response.blob();
}

export function LogoCard() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const logo = useQuery({ queryKey: logoKey, queryFn: fetchLogo });
  const url = useMemo(() => (logo.data ? URL.createObjectURL(logo.data) : null), [logo.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append(NUTRITIONIST_LOGO_FIELD, file, file.name);
      const response = await send('PUT', form);
      if (!response.ok) throw await apiErrorFromResponse(response);
      return (await response.json()) as NutritionistLogo;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: logoKey });
      showSuccess(t('logo.savedTitle'), t('logo.savedMessage'));
    },
  });
  const remove = useMutation({
    mutationFn: async () => {
      const response = await send('DELETE');
      if (!response.ok) throw await apiErrorFromResponse(response);
    },
    onSuccess: () => {
      queryClient.setQueryData(logoKey, null);
      showSuccess(t('logo.removedTitle'), t('logo.removedMessage'));
    },
  });

  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > NUTRITIONIST_LOGO_MAX_BYTES) {
      showWarning(t('logo.tooLargeTitle'), t('logo.tooLarge'));
      return;
    }
    upload.mutate(file);
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="logo-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('logo.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('logo.hint')}
        </Text>
        {url ? <Image src={url} alt={t('logo.alt')} fit="contain" style={{ width: 'auto', height: 'auto', maxWidth: 300, maxHeight: 150 }} /> : <Text size="sm">{logo.isPending ? t('logo.loading') : t('logo.none')}</Text>}
        <Group gap="xs">
          <FileButton onChange={pick} accept="image/png,image/jpeg">
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} aria-hidden />} loading={upload.isPending}>
                {url ? t('logo.replace') : t('logo.upload')}
              </Button>
            )}
          </FileButton>
          {url ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => remove.mutate()} loading={remove.isPending}>
              {t('logo.remove')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
