// The patient's published plan, readable on a phone: each day, each meal, and what to eat in home
// measures ("Papa: ¾ taza (150 g)"). Exchange plans are read in their PDF, which prints the exchange
// lists with every group's equivalences.
import { Accordion, Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Plan, PlanItemView } from '@almendra/contracts';
import { lineAmount } from '@almendra/domain';
import { fmt } from '../../plans/components/format';
import { mealSlotLabel } from '../../plans/lib/meal-slot-label';

/** One line as the printed plan words it: "Papa: ¾ taza (150 g)", a drink in ml: "Mate: 1 termo (500 ml)". */
export function planLineText(item: PlanItemView, language: string): string {
  const name = item.shortName ?? item.name;
  const { value, unit } = lineAmount(item.grams, item.measures);
  const amount = `${fmt(value, language)} ${unit}`;
  if (item.household && item.household !== amount) return `${name}: ${item.household} (${amount})`;
  if (item.unit === 'serving') return `${name}: ${fmt(item.quantity, language, 2)} ${item.unitLabel} (${amount})`;
  return `${name}: ${amount}`;
}

export function PlanReader({ plan, onPdf, pdfLoading }: { plan: Plan; onPdf: () => void; pdfLoading: boolean }) {
  const { t, i18n } = useTranslation(['plans', 'portal']);
  const slots = plan.slots.filter((s) => s.enabled);
  const days = plan.type === 1 ? plan.content.simple ?? [] : plan.type === 2 ? plan.content.formula ?? [] : [];
  const slotName = (slot: number) => {
    const found = plan.slots.find((s) => s.slot === slot);
    return found ? mealSlotLabel(found, t) : String(slot);
  };
  return (
    <Stack gap="md" data-testid="portal-plan">
      <Title order={2} size="h3">
        {plan.title}
      </Title>
      {plan.notes && <Text style={{ whiteSpace: 'pre-wrap' }}>{plan.notes}</Text>}
      <Button leftSection={<IconFileTypePdf size={18} aria-hidden />} variant="light" onClick={onPdf} loading={pdfLoading} data-testid="portal-plan-pdf">
        {t('portal:portal.downloadPdf')}
      </Button>
      {plan.type === 3 ? (
        <Alert variant="light">{t('portal:portal.exchangeInPdf')}</Alert>
      ) : (
        <Accordion variant="separated" defaultValue={days[0] ? String(days[0].day) : null}>
          {days.map((day) => (
            <Accordion.Item key={day.day} value={String(day.day)}>
              <Accordion.Control>{t(`plans:days.${day.day}` as 'plans:days.1', { defaultValue: `${t('plans:summary.day')} ${day.day}` })}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {day.meals
                    .filter((meal) => slots.some((s) => s.slot === meal.slot))
                    .map((meal) => {
                      const lines =
                        'text' in meal
                          ? meal.text.split('\n').filter((l) => l.trim() !== '')
                          : (plan.items[`${day.day}-${meal.slot}`] ?? []).map((item) => planLineText(item, i18n.language));
                      if (lines.length === 0) return null;
                      return (
                        <div key={meal.slot}>
                          <Text fw={700} size="sm">
                            {slotName(meal.slot)}
                          </Text>
                          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                            {lines.map((line, i) => (
                              <li key={i}>
                                <Text size="sm">{line}</Text>
                              </li>
                            ))}
                          </ul>
                        </div>
                      );
                    })}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
