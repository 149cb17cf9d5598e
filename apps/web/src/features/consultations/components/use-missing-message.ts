// Spanish message for one "could not compute" entry: the reason, naming the fields it needs.
import type { MissingInput } from '@almendra/contracts';
import { useTranslation } from 'react-i18next';

type Group = 'skinfolds' | 'girths' | 'breadths' | 'bioimpedance';
const GROUP_OF: Record<string, Group> = { skinfoldsMm: 'skinfolds', girthsCm: 'girths', breadthsCm: 'breadths', bioimpedance: 'bioimpedance' };

export function useMissingMessage() {
  const { t } = useTranslation('consultations');
  const fieldLabel = (path: string): string => {
    const parts = path.split('.');
    const [root, groupKey = '', site = ''] = parts;
    const group = GROUP_OF[groupKey];
    if (root === 'measurements' && parts.length === 3 && group) {
      return t(`${group}.${site}` as 'skinfolds.triceps', { defaultValue: site });
    }
    const last = parts[parts.length - 1] ?? path;
    return t(`fields.${last}` as 'fields.weightKg', { defaultValue: last });
  };
  return (m: MissingInput): string => {
    const inputs = m.inputs.map(fieldLabel).join(', ');
    return t(`reasons.${m.reason}` as 'reasons.MISSING_WEIGHT', { inputs, defaultValue: m.reason });
  };
}
