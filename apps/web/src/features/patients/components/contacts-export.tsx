// The mailing tool: downloads the patients' contacts as CSV for the nutritionist's own mailing service.
// Consent is respected by default (only patients who agreed to receive news); "all" adds everyone with
// the consent column, for her to filter in her tool.
import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { patientsApi } from '../api/patients-api';
import { showError } from '../../../lib/toast';

type Consent = 'consenting' | 'all';

export function ContactsExportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('patients');
  const [consent, setConsent] = useState<Consent>('consenting');
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const blob = await patientsApi.contactsCsv(consent);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = consent === 'all' ? 'contactos-pacientes-todos.csv' : 'contactos-pacientes-con-consentimiento.csv';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('contacts.title')} size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <Stack gap="md">
        <Text size="sm">{t('contacts.intro')}</Text>
        <Radio.Group value={consent} onChange={(value) => setConsent(value as Consent)} label={t('contacts.which')}>
          <Stack gap="xs" mt="xs">
            <Radio value="consenting" label={t('contacts.consenting')} description={t('contacts.consentingHelp')} />
            <Radio value="all" label={t('contacts.all')} description={t('contacts.allHelp')} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('contacts.cancel')}
          </Button>
          <Button leftSection={<IconDownload size={16} aria-hidden />} loading={busy} onClick={() => void download()}>
            {t('contacts.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
