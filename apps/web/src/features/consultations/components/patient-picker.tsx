// Patient picker for /nueva-consulta without ?paciente=: searches GET /patients?q= (500 ms debounce).
import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePatientSearch } from '../api/consultations-api';

export function PatientPicker({ onPick }: { onPick: (id: string) => void }) {
  const { t } = useTranslation('consultations');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 500);
  const patients = usePatientSearch(debounced);
  const data = (patients.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.lastName}, ${p.firstName}` }));
  return (
    <Stack gap="xs" maw={480}>
      <Text>{t('picker.hint')}</Text>
      <Select
        label={t('picker.label')}
        placeholder={t('picker.placeholder')}
        searchable
        data={data}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage={debounced && !patients.isFetching ? t('picker.nothingFound') : undefined}
        onChange={(value) => value && onPick(value)}
        autoFocus
      />
    </Stack>
  );
}
