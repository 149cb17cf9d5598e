// Video feature routes: /video-llamadas, full page (placeholder until the feature lands).
import { Button, Stack } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyFeature } from '../../../components/empty-feature';

export function VideoCallPage() {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <EmptyFeature page="videoCalls" icon={IconVideo} />
      <Button component={Link} to="/inicio" variant="default" style={{ alignSelf: 'flex-start' }}>
        {t('actions.backHome')}
      </Button>
    </Stack>
  );
}
