// The billing form (seed 1 section 5): document type (the placeholder, value 0, is not a choice:
// 'Por favor, selecciona el tipo de documento.', seleccioná in es-AR), CUIT or DNI; the number required and numeric, shown
// as it is written on paper (CUIT 20-30123456-3, DNI 30.123.456) while typed; a CUIT must pass its check
// digit (checked here and by the server).
import { useState } from 'react';
import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { documentDigits, fiscalDocumentProblem, formatDocumentNumber, type FiscalDocumentType } from '@almendra/domain';
import type { FiscalData } from '@almendra/contracts';
import { fieldErrors } from '../../../lib/api-error';
import { showError, showSuccess } from '../../../lib/toast';
import { billingApi, billingKeys, fiscalQuery } from '../api/billing-api';

/** Digits shown the way the chosen document is written; anything else is left as typed (and reported). */
function shown(typed: string, type: string): string {
  const digits = documentDigits(typed);
  if (!/^\d*$/.test(digits)) return typed;
  return type === 'CUIT' || type === 'DNI' ? formatDocumentNumber(digits, type as FiscalDocumentType) : digits;
}

export function FiscalForm({ onSaved }: { onSaved?: (data: FiscalData) => void }) {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const fiscal = useQuery(fiscalQuery());
  const [type, setType] = useState<string | null>(null);
  const [number, setNumber] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ type?: string; number?: string }>({});
  const currentType = type ?? fiscal.data?.documentType ?? '0';
  const currentNumber = shown(number ?? fiscal.data?.documentNumber ?? '', currentType);

  const save = useMutation({
    mutationFn: billingApi.saveFiscal,
    onSuccess: (data) => {
      queryClient.setQueryData(billingKeys.fiscal, data);
      void queryClient.invalidateQueries({ queryKey: billingKeys.mine });
      setType(null);
      setNumber(null);
      showSuccess(t('fiscal.saved'), t('fiscal.savedMessage'));
      onSaved?.(data);
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      if (fields.documentNumber || fields.documentType) setErrors({ number: fields.documentNumber, type: fields.documentType });
      else showError(error);
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: { type?: string; number?: string } = {};
    if (currentType !== 'CUIT' && currentType !== 'DNI') found.type = t('fiscal.typeRequired');
    const digits = documentDigits(currentNumber);
    if (!digits) found.number = t('fiscal.numberRequired');
    else if (!found.type) {
      const problem = fiscalDocumentProblem(currentType as 'CUIT' | 'DNI', digits);
      if (problem) found.number = t(`fiscal.problems.${problem}`);
    }
    setErrors(found);
    if (found.type || found.number) return;
    save.mutate({ documentType: currentType as 'CUIT' | 'DNI', documentNumber: digits });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="fiscal-form">
      <Stack gap="sm">
        <NativeSelect
          label={t('fiscal.typeLabel')}
          value={currentType}
          onChange={(e) => {
            setType(e.currentTarget.value);
            setErrors((c) => ({ ...c, type: undefined }));
          }}
          data={[
            { value: '0', label: t('fiscal.typePlaceholder') },
            { value: 'CUIT', label: 'CUIT' },
            { value: 'DNI', label: 'DNI' },
          ]}
          error={errors.type}
          required
        />
        <TextInput
          label={t('fiscal.numberLabel')}
          inputMode="numeric"
          value={currentNumber}
          onChange={(e) => {
            const typed = e.currentTarget.value;
            const digits = documentDigits(typed);
            // Formatted as it is typed (see shown); anything but digits is reported, not dropped.
            setNumber(typed);
            setErrors((c) => ({ ...c, number: /^\d*$/.test(digits) ? undefined : t('fiscal.numberNumeric') }));
          }}
          error={errors.number}
          required
          data-testid="fiscal-number"
        />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('fiscal.save')}
        </Button>
      </Stack>
    </form>
  );
}
