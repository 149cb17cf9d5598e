// Suspense fallback while a screen's chunk loads: a spinner with a spoken "Cargando…".
import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center mih={240} role="status">
      <Loader aria-hidden />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Center>
  );
}
