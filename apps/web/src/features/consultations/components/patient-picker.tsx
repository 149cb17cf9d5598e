// Patient picker for /nueva-consulta without ?paciente=: searches GET /patients?q= (SEARCH_DEBOUNCE_MS, 500 ms).
import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';
import { usePatientSearch } from '../api/consultations-api';

export function PatientPicker({ onPick }: { onPick: (id: string) => void }) {
  const { t } = useTranslation('consultations');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
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
