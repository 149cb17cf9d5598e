// Column headers the foods and dishes tables share (/alimentos, /platos, a dish's page and its editor).
import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Energy, protein, fat and carbohydrate, right-aligned like their figures. */
export function MacroHeaders() {
  const { t } = useTranslation('foods');
  return (
    <>
      <Table.Th scope="col" ta="right">{t('macros.energy')}</Table.Th>
      <Table.Th scope="col" ta="right">{t('macros.protein')}</Table.Th>
      <Table.Th scope="col" ta="right">{t('macros.fat')}</Table.Th>
      <Table.Th scope="col" ta="right">{t('macros.carbohydrate')}</Table.Th>
    </>
  );
}

/** A column of controls (the star, the actions): named for screen readers, empty on screen. */
export function HiddenHeader({ label, w }: { label: string; w?: number }) {
  return (
    <Table.Th scope="col" w={w}>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Table.Th>
  );
}
