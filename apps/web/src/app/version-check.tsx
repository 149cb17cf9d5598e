// Notices a newer deployment while the app is open: GET /health answers the deployed version (the
// server's version plus a hash of the web build it serves). The first answer in this tab is the
// version the tab runs; a later, different answer means new code was deployed, so the app offers a
// reload instead of running stale chunks against a newer API. Checked every 10 minutes, when the tab
// comes back into view and when the realtime socket reconnects (a restarted server is the usual sign
// of a deployment).
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Affix, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HealthResponse } from '@almendra/contracts';
import { api } from '../lib/api-client';
import { checkForUpdate, isUpdateWaiting, reloadToNewVersion, subscribeToUpdate } from '../lib/service-worker';
import { useRealtimeStatus } from '../lib/use-realtime';

export const VERSION_CHECK_INTERVAL_MS = 10 * 60_000;

/** The version this tab started with: the first one the server answered. */
let runningVersion: string | null = null;

/** For tests: forget the version this tab started with. */
export function resetRunningVersion(): void {
  runningVersion = null;
}

export function deployedVersionQuery() {
  return queryOptions({
    queryKey: ['app', 'deployed-version'],
    queryFn: async ({ signal }) => {
      const { version } = await api.get<HealthResponse>('/health', { signal });
      runningVersion ??= version;
      return version;
    },
    refetchInterval: VERSION_CHECK_INTERVAL_MS,
    refetchOnWindowFocus: true,
    staleTime: 60_000,
    retry: false,
    // A failed check (offline, restarting server) is not worth a toast: the next one decides.
    meta: { silent: true },
  });
}

export function VersionCheck() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const deployed = useQuery(deployedVersionQuery());
  const [dismissedVersion, setDismissedVersion] = useState<string | null>(null);
  const status = useRealtimeStatus();
  const previousStatus = useRef(status);

  useEffect(() => {
    const reconnected = previousStatus.current !== 'ready' && status === 'ready';
    previousStatus.current = status;
    if (reconnected) void queryClient.invalidateQueries({ queryKey: deployedVersionQuery().queryKey });
  }, [status, queryClient]);

  // The service worker answers screens from its cache, so the code running may be older than what the
  // server answers: a newer deployment's worker waiting to take over is a new version too.
  const workerWaiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  const [workerDismissed, setWorkerDismissed] = useState(false);
  const version = deployed.data;
  const serverChanged = Boolean(version) && runningVersion !== null && version !== runningVersion;
  useEffect(() => {
    if (serverChanged) void checkForUpdate();
  }, [serverChanged]);

  const showForServer = serverChanged && version !== dismissedVersion;
  const showForWorker = workerWaiting && !workerDismissed;
  if (!showForServer && !showForWorker) return null;
  const later = () => {
    if (version) setDismissedVersion(version);
    setWorkerDismissed(true);
  };

  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={400}>
      <Paper withBorder shadow="md" radius="md" p="md" maw={360} role="status" data-testid="new-version">
        <Stack gap="xs">
          <Text fw={600}>{t('newVersion.title')}</Text>
          <Text size="sm">{t('newVersion.description')}</Text>
          <Group gap="xs" justify="flex-end">
            <Button variant="default" size="xs" onClick={later}>
              {t('newVersion.later')}
            </Button>
            <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void reloadToNewVersion()}>
              {t('newVersion.reload')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Affix>
  );
}
