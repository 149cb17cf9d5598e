// The plan editor (/detalle-de-plan?id=): settings, live totals vs target, and per day (Lunes..Domingo)
// the enabled meals — free text (simple), foods with quantity and unit (formula) or portions per
// exchange group (exchange). Copy a day or a meal to other days; save, publish, duplicate (to a patient or
// as a template), PDF, email, WhatsApp (to the patient's mobile, with a text summary of the plan).
import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconArrowBackUp, IconBrandWhatsapp, IconCopy, IconDeviceFloppy, IconDownload, IconMail, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mealSlotLabel } from '../lib/meal-slot-label';
import { filterDecimalInput } from '../../../lib/decimal-input';
import { Link } from 'react-router';
import type { ExchangeGroupsResponse, Plan, PlanContentInput } from '@almendra/contracts';
import {
  copyDay,
  copyMeal,
  energyDeviation,
  macroTargets,
  householdAmount,
  measureDescriptionFor,
  planTargetEnergy,
  PLAN_GOAL_IDS,
  type MacroDistribution,
  type PlanGoalId,
  type PlanTotals,
} from '@almendra/domain';
import { exchangeGroupsQuery, plansApi, plansKeys } from '../api/plans-api';
import { showError, showSuccess } from '../../../lib/toast';
import { whatsappLink, whatsappNumber } from '../../../lib/whatsapp';
import { DeviationBadge } from './deviation-badge';
import { DuplicatePlanDialog } from './duplicate-plan-dialog';
import { PatientPublishButton, PatientVisibilityBadge } from './patient-publish';
import {
  exchangeTotals,
  formulaContent,
  formulaDaysFrom,
  formulaTotals,
  hasInvalidQuantity,
  implausibleLines,
  itemFromDish,
  itemFromFood,
  itemGrams,
  itemTotals,
  withUnit,
  zeros24,
  type EditorItem,
  type ExchangeDays,
  type FormulaEditorDay,
} from './editor-state';
import { isMeasureVisible } from '../../foods';
import { FoodPicker } from './food-picker';
import { AutoDistribute } from './auto-distribute';
import { AdjustQuantities } from './adjust-quantities';
import { ProposeDay } from './propose-day';
import { applyDistribution, applyGrams, applyProposedDay } from './solver-apply';
import { DAYS, fmt, fmtDate, parseDecimalInput } from './format';

type SimpleDays = NonNullable<PlanContentInput['simple']>;

const decimalProps = { inputMode: 'decimal' as const, autoComplete: 'off' };

export function PlanEditor({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  const queryClient = useQueryClient();
  // Default meal names in the interface language ("Breakfast"), the nutritionist's own names as typed.
  const enabled = plan.slots.filter((s) => s.enabled).map((s) => ({ ...s, name: mealSlotLabel(s, t) }));

  const [title, setTitle] = useState(plan.title);
  const [goal, setGoal] = useState<PlanGoalId>(plan.goal);
  const [notes, setNotes] = useState(plan.notes ?? '');
  const [target, setTarget] = useState(plan.content.targetEnergyKcal ? String(plan.content.targetEnergyKcal).replace('.', ',') : '');
  const initialDist = plan.content.distribution ?? { carbohydratePercent: 50, proteinPercent: 20, fatPercent: 30 };
  const [dist, setDist] = useState({ c: String(initialDist.carbohydratePercent), p: String(initialDist.proteinPercent), f: String(initialDist.fatPercent) });
  const [simple, setSimple] = useState<SimpleDays>(plan.content.simple ?? []);
  const [formula, setFormula] = useState<FormulaEditorDay[]>(() => formulaDaysFrom(plan));
  const [exchange, setExchange] = useState<ExchangeDays>(plan.content.exchange ?? []);
  const [day, setDay] = useState('1');
  const [copyTo, setCopyTo] = useState<string[]>([]);
  const [copyWhat, setCopyWhat] = useState<string>('day');
  const [duplicating, setDuplicating] = useState(false);
  const patientQuery = useQuery({
    queryKey: ['plans', 'patient', plan.patientId],
    queryFn: () => plansApi.patient(plan.patientId!),
    enabled: plan.patientId !== null,
    staleTime: 60_000,
    meta: { silent: true },
  });
  const phone = patientQuery.data ? whatsappNumber(patientQuery.data.mobileAreaCode, patientQuery.data.mobileNumber, patientQuery.data.phone) : null;

  const groupsQuery = useQuery({ ...exchangeGroupsQuery('AR', lang.startsWith('en') ? 'en' : 'es'), enabled: plan.type === 3 });
  const groups = groupsQuery.data;

  const distribution: MacroDistribution | null = useMemo(() => {
    const c = parseDecimalInput(dist.c);
    const p = parseDecimalInput(dist.p);
    const f = parseDecimalInput(dist.f);
    if (c === undefined || p === undefined || f === undefined || Math.abs(c + p + f - 100) > 0.01) return null;
    return { carbohydratePercent: c, proteinPercent: p, fatPercent: f };
  }, [dist]);
  const typedTarget = parseDecimalInput(target);
  const targetInvalid = target.trim() !== '' && (typedTarget === undefined || typedTarget <= 0);

  const totals: PlanTotals | null = useMemo(() => {
    if (plan.type === 2) return formulaTotals(formula);
    if (plan.type === 3 && groups) return exchangeTotals(exchange, groups.groups.map((g) => ({ position: g.position, ...g.portion })));
    return null;
  }, [plan.type, formula, exchange, groups]);
  const targetKcal = planTargetEnergy(typedTarget ?? null, plan.computed?.requirementKcal ?? null, goal);
  const macros = targetKcal && distribution ? macroTargets(targetKcal, distribution, plan.computed?.weightKg ?? null) : null;

  const content = (): PlanContentInput => {
    const base: PlanContentInput = {
      targetEnergyKcal: typedTarget && typedTarget > 0 ? typedTarget : null,
      ...(distribution ? { distribution } : {}),
    };
    if (plan.type === 1) return { ...base, simple };
    if (plan.type === 2) return { ...base, formula: formulaContent(formula) };
    return { ...base, exchange };
  };

  const invalid = (plan.type === 2 && hasInvalidQuantity(formula)) || targetInvalid || (plan.type !== 1 && !distribution) || title.trim() === '';
  const onSaved = (saved: Plan) => {
    queryClient.setQueryData(plansKeys.detail(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: ['plans', 'list'] });
  };
  // Lines far outside a plausible portion (5 kg of oil) are saved only after the nutritionist confirms them.
  const implausible = useMemo(() => (plan.type === 2 ? implausibleLines(formula) : []), [plan.type, formula]);
  const unusualKeys = useMemo(() => new Set(implausible.map((line) => line.key)), [implausible]);
  const [confirming, setConfirming] = useState<null | (() => void)>(null);
  const confirmed = (action: () => void) => () => (implausible.length > 0 ? setConfirming(() => action) : action());
  const save = useMutation({
    mutationFn: () => plansApi.update(plan.id, { version: plan.version, title: title.trim(), goal, notes: notes.trim() || null, content: content() }),
    onSuccess: (saved) => {
      onSaved(saved);
      showSuccess(t('editor.savedTitle'), t('editor.savedMessage'));
    },
  });
  const publish = useMutation({
    mutationFn: async () => {
      const saved = await plansApi.update(plan.id, { version: plan.version, title: title.trim(), goal, notes: notes.trim() || null, content: content() });
      return plansApi.publish(saved.id);
    },
    onSuccess: (saved) => {
      onSaved(saved);
      showSuccess(t('editor.publishedTitle'), t('editor.publishedMessage'));
    },
  });
  // A published plan goes back to draft (e.g. to rework it before the patient sees it again).
  const unpublish = useMutation({
    // Saves what is on screen with it, as publishing does, so no edit is lost on the way back.
    mutationFn: () => plansApi.update(plan.id, { version: plan.version, title: title.trim(), goal, notes: notes.trim() || null, content: content(), draft: 1 }),
    onSuccess: (saved) => {
      onSaved(saved);
      showSuccess(t('editor.unpublishedTitle'), t('editor.unpublishedMessage'));
    },
  });
  const email = useMutation({
    mutationFn: () => plansApi.email(plan.id),
    onSuccess: (answer) => showSuccess(t('editor.emailedTitle'), t('editor.emailedMessage', { to: answer.to })),
  });
  const downloadPdf = async () => {
    try {
      const blob = await plansApi.pdf(plan.id);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${plan.title}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      showError(error);
    }
  };

  // WhatsApp sends a link the patient opens on her phone: the plan's PDF as saved, for 30 days
  // (GET /plans/{id}/share-link), never the plan pasted as text.
  const shareLink = useQuery({ queryKey: [...plansKeys.detail(plan.id), 'share-link'], queryFn: () => plansApi.shareLink(plan.id), staleTime: 3_600_000 });
  const shareMessage = shareLink.data
    ? t('share.message', { title: plan.title, url: shareLink.data.url, date: fmtDate(shareLink.data.expiresAt) })
    : null;

  const dayNumber = Number(day);
  const doCopy = () => {
    const to = copyTo.map(Number);
    if (!to.length) return;
    if (plan.type === 1) {
      setSimple((days) => (copyWhat === 'day' ? copyDay(days, dayNumber, to) : copyMeal(days, dayNumber, Number(copyWhat), to, (d) => ({ day: d, meals: [] }))));
    } else if (plan.type === 2) {
      setFormula((days) => {
        const cloned = copyWhat === 'day' ? copyDay(days, dayNumber, to) : copyMeal(days, dayNumber, Number(copyWhat), to, (d) => ({ day: d, meals: [] }));
        return cloned;
      });
    } else {
      setExchange((days) => (copyWhat === 'day' ? copyDay(days, dayNumber, to) : copyMeal(days, dayNumber, Number(copyWhat), to, (d) => ({ day: d, meals: [], discarded: zeros24() }))));
    }
    showSuccess(t('copy.doneTitle'), t('copy.doneMessage', { count: to.length }));
    setCopyTo([]);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{plan.title}</Title>
          <Group gap="xs">
            <Badge variant="light">{t(`types.${String(plan.type) as "1" | "2" | "3"}`)}</Badge>
            {plan.draft === 1 ? <Badge color="yellow">{t('draft')}</Badge> : <Badge color="teal">{t('published')}</Badge>}
            <PatientVisibilityBadge plan={plan} />
            <Text size="sm">{plan.patientName ? t('editor.forPatient', { name: plan.patientName }) : t('editor.template')}</Text>
          </Group>
        </Stack>
        <Group gap="xs">
          <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={confirmed(() => save.mutate())} loading={save.isPending} disabled={invalid}>
            {t('editor.save')}
          </Button>
          {plan.draft === 1 ? (
            <Button variant="light" leftSection={<IconSend size={16} aria-hidden />} onClick={confirmed(() => publish.mutate())} loading={publish.isPending} disabled={invalid}>
              {t('editor.publish')}
            </Button>
          ) : (
            <Button variant="light" color="yellow" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={confirmed(() => unpublish.mutate())} loading={unpublish.isPending}>
              {t('editor.unpublish')}
            </Button>
          )}
          <PatientPublishButton
            plan={plan}
            disabled={invalid}
            saveCurrent={() => plansApi.update(plan.id, { version: plan.version, title: title.trim(), goal, notes: notes.trim() || null, content: content() })}
          />
          <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => setDuplicating(true)}>
            {t('duplicate.button')}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void downloadPdf()}>
            {t('editor.pdf')}
          </Button>
          {plan.patientId ? (
            <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={() => email.mutate()} loading={email.isPending}>
              {t('editor.email')}
            </Button>
          ) : null}
          <Button
            component="a"
            variant="default"
            href={shareMessage ? whatsappLink(phone, shareMessage) : undefined}
            data-disabled={shareMessage ? undefined : true}
            onClick={(event) => {
              if (!shareMessage) event.preventDefault();
            }}
            title={plan.patientId && !phone && patientQuery.isSuccess ? t('share.noPhone') : undefined}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
          >
            {t('editor.whatsapp')}
          </Button>
        </Group>
      </Group>
      <DuplicatePlanDialog plan={duplicating ? plan : null} onClose={() => setDuplicating(false)} />
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('implausible.title')}
        closeButtonProps={{ 'aria-label': t('implausible.close') }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('implausible.intro')}</Text>
          <Stack gap={4} component="ul" m={0} pl="md" data-testid="implausible-lines">
            {implausible.map((line) => (
              <Text component="li" size="sm" key={line.key}>
                {t('implausible.line', {
                  day: t(`days.${line.day}` as 'days.1'),
                  meal: enabled.find((s) => s.slot === line.slot)?.name ?? '',
                  name: line.name,
                  amount: line.grams > 0 ? `${fmt(line.grams, lang)} g` : '',
                  kcal: fmt(line.energyKcal, lang),
                })}
              </Text>
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
              {t('implausible.review')}
            </Button>
            <Button
              color="yellow"
              onClick={() => {
                const action = confirming;
                setConfirming(null);
                action?.();
              }}
            >
              {t('implausible.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <TextInput label={t('fields.title')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} required error={title.trim() === '' ? t('validation.title') : undefined} />
          <Select
            label={t('fields.goal')}
            value={goal}
            allowDeselect={false}
            data={PLAN_GOAL_IDS.map((id) => ({ value: id, label: t(`goals.${id}`) }))}
            onChange={(v) => v && setGoal(v as PlanGoalId)}
          />
          <AutoTextarea label={t('fields.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} minRows={1} maxRows={4} max={5000} />
        </SimpleGrid>
      </Paper>

      {plan.type !== 1 ? (
        <Paper withBorder radius="md" p="md" data-testid="plan-summary">
          <Title order={2} size="h4" mb="sm">
            {t('summary.title')}
          </Title>
          {/* Grid items are min-width: 0 and the tables scroll inside their own box: on a 390 px phone the
              five-column macronutrient table no longer widens the page (it made it 463 px wide). */}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="xs" miw={0}>
              <TextInput
                label={t('summary.targetOverride')}
                description={
                  plan.computed?.requirementKcal
                    ? t('summary.fromConsultation', { kcal: fmt(plan.computed.requirementKcal, lang) })
                    : plan.patientId
                      ? t('summary.noConsultation')
                      : t('summary.noPatient')
                }
                value={target}
                onChange={(e) => setTarget(filterDecimalInput(e.currentTarget.value))}
                error={targetInvalid ? t('validation.target') : undefined}
                rightSection={<Text size="xs">kcal</Text>}
                {...decimalProps}
              />
              <Group grow>
                <TextInput label={t('summary.carbPercent')} value={dist.c} onChange={(e) => setDist({ ...dist, c: filterDecimalInput(e.currentTarget.value) })} {...decimalProps} />
                <TextInput label={t('summary.proteinPercent')} value={dist.p} onChange={(e) => setDist({ ...dist, p: filterDecimalInput(e.currentTarget.value) })} {...decimalProps} />
                <TextInput label={t('summary.fatPercent')} value={dist.f} onChange={(e) => setDist({ ...dist, f: filterDecimalInput(e.currentTarget.value) })} {...decimalProps} />
              </Group>
              {!distribution ? <Text c="red.8" size="sm">{t('validation.distribution')}</Text> : null}
              <Text data-testid="target-kcal">
                {t('summary.target')}: <strong>{targetKcal ? `${fmt(targetKcal, lang)} kcal` : t('summary.noTarget')}</strong>
              </Text>
              {macros ? (
                <Table.ScrollContainer minWidth={420} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('summary.title') } }}>
                <Table withTableBorder fz="sm" data-testid="macros-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('summary.macro')}</Table.Th>
                      <Table.Th>%</Table.Th>
                      <Table.Th>{t('summary.targetGrams')}</Table.Th>
                      <Table.Th>g/kg</Table.Th>
                      <Table.Th>{t('summary.plannedGrams')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(['carbohydrate', 'protein', 'fat'] as const).map((m) => (
                      <Table.Tr key={m}>
                        <Table.Td>{t(`summary.${m}`)}</Table.Td>
                        <Table.Td>{fmt(macros[m].percent, lang, 1)}</Table.Td>
                        <Table.Td>{fmt(macros[m].grams, lang, 1)}</Table.Td>
                        <Table.Td>{fmt(macros[m].gramsPerKg, lang, 2)}</Table.Td>
                        <Table.Td>{fmt(totals?.weeklyAverage.values[m === 'carbohydrate' ? 'carbohydrateG' : m === 'protein' ? 'proteinG' : 'fatG'], lang, 1)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                </Table.ScrollContainer>
              ) : null}
            </Stack>
            <Stack gap="xs" miw={0}>
              <Text>
                {t('summary.weeklyAverage')}: <strong data-testid="weekly-kcal">{fmt(totals?.weeklyAverage.values.energyKcal, lang)} kcal</strong>{' '}
                <Text span size="sm">({t('summary.daysCounted', { count: totals?.daysCounted ?? 0 })})</Text>
              </Text>
              <Table withTableBorder fz="sm" data-testid="days-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('summary.day')}</Table.Th>
                    <Table.Th>{t('summary.planned')}</Table.Th>
                    <Table.Th>{t('summary.vsTarget')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {DAYS.map((d) => {
                    const kcal = totals?.days.find((x) => x.day === d)?.totals.values.energyKcal ?? 0;
                    const dev = targetKcal ? energyDeviation(kcal, targetKcal) : null;
                    return (
                      <Table.Tr key={d}>
                        <Table.Td>{t(`days.${d}`)}</Table.Td>
                        <Table.Td>{fmt(kcal, lang)} kcal</Table.Td>
                        <Table.Td>{dev ? <DeviationBadge {...dev} /> : '—'}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Stack>
          </SimpleGrid>
        </Paper>
      ) : null}

      {plan.type !== 1 && plan.patientId ? <AdequacyTable plan={plan} liveAverage={totals?.weeklyAverage.values ?? null} /> : null}

      <Tabs value={day} onChange={(v) => setDay(v ?? '1')} keepMounted={false}>
        <Tabs.List aria-label={t('editor.daysLabel')}>
          {DAYS.map((d) => (
            <Tabs.Tab key={d} value={String(d)}>
              {t(`days.${d}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Paper withBorder radius="md" p="md" mt="md">
          <Group align="flex-end" mb="md" wrap="wrap">
            <Select
              label={t('copy.what')}
              value={copyWhat}
              allowDeselect={false}
              onChange={(v) => v && setCopyWhat(v)}
              data={[{ value: 'day', label: t('copy.wholeDay') }, ...enabled.map((s) => ({ value: String(s.slot), label: s.name }))]}
            />
            <MultiSelect
              label={t('copy.to')}
              value={copyTo}
              onChange={setCopyTo}
              data={DAYS.filter((d) => d !== dayNumber).map((d) => ({ value: String(d), label: t(`days.${d}`) }))}
              miw={240}
            />
            <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={doCopy} disabled={!copyTo.length}>
              {t('copy.button')}
            </Button>
          </Group>
          {plan.type === 3 && groups ? (
            <AutoDistribute
              dayName={t(`days.${dayNumber}` as 'days.1')}
              slots={enabled}
              groups={groups}
              targetKcal={targetKcal}
              distribution={distribution}
              discarded={exchange.find((d) => d.day === dayNumber)?.discarded ?? zeros24()}
              onApply={(meals) => setExchange((days) => applyDistribution(days, dayNumber, meals))}
            />
          ) : null}
          {plan.type === 2 ? (
            <AdjustQuantities
              dayName={t(`days.${dayNumber}` as 'days.1')}
              day={formula.find((d) => d.day === dayNumber)}
              slots={enabled}
              targetKcal={targetKcal}
              distribution={distribution}
              onApply={(grams) => setFormula((days) => applyGrams(days, dayNumber, grams))}
            />
          ) : null}
          {plan.type === 2 ? (
            <ProposeDay
              dayNumber={dayNumber}
              dayName={t(`days.${dayNumber}` as 'days.1')}
              days={formula}
              slots={enabled}
              targetKcal={targetKcal}
              distribution={distribution}
              patientId={plan.patientId}
              onApply={(meals) => setFormula((days) => applyProposedDay(days, dayNumber, meals))}
            />
          ) : null}
          {plan.type === 1 ? (
            <Stack>
              {enabled.map((s) => {
                const text = simple.find((d) => d.day === dayNumber)?.meals.find((m) => m.slot === s.slot)?.text ?? '';
                return (
                  <AutoTextarea
                    key={s.slot}
                    label={s.name}
                    value={text}
                    max={2000}
                    minRows={2}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setSimple((days) => {
                        const rest = days.filter((d) => d.day !== dayNumber);
                        const current = days.find((d) => d.day === dayNumber) ?? { day: dayNumber, meals: [] };
                        const meals = [...current.meals.filter((m) => m.slot !== s.slot), { slot: s.slot, text: value }].sort((a, b) => a.slot - b.slot);
                        return [...rest, { day: dayNumber, meals }].sort((a, b) => a.day - b.day);
                      });
                    }}
                  />
                );
              })}
            </Stack>
          ) : plan.type === 2 ? (
            <FormulaDay dayNumber={dayNumber} days={formula} setDays={setFormula} slots={enabled} totals={totals} unusual={unusualKeys} />
          ) : groups ? (
            <ExchangeDay dayNumber={dayNumber} days={exchange} setDays={setExchange} slots={enabled} groups={groups} totals={totals} />
          ) : (
            <Text>{t('loading')}</Text>
          )}
          {plan.type === 2 && !enabled.length ? <Alert>{t('editor.noSlots')}</Alert> : null}
        </Paper>
      </Tabs>
      <Text size="xs" c="dimmed">
        {t('editor.slotsHint')} <Anchor component={Link} to="/configuracion?tab=comidas" underline="always">{t('editor.slotsLink')}</Anchor>
      </Text>
    </Stack>
  );
}

type Slot = Plan['slots'][number];

function FormulaDay({
  dayNumber,
  days,
  setDays,
  slots,
  totals,
  unusual,
}: {
  dayNumber: number;
  days: FormulaEditorDay[];
  setDays: (fn: (d: FormulaEditorDay[]) => FormulaEditorDay[]) => void;
  slots: Slot[];
  totals: PlanTotals | null;
  /** Keys of the lines the editor will ask to confirm (computed once, by the editor). */
  unusual: ReadonlySet<string>;
}) {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  const current = days.find((d) => d.day === dayNumber);
  const updateMeal = (slot: number, fn: (items: FormulaEditorDay['meals'][number]['items']) => FormulaEditorDay['meals'][number]['items']) =>
    setDays((all) => {
      const existing = all.find((d) => d.day === dayNumber) ?? { day: dayNumber, meals: [] };
      const meal = existing.meals.find((m) => m.slot === slot) ?? { slot, items: [] };
      const meals = [...existing.meals.filter((m) => m.slot !== slot), { slot, items: fn(meal.items) }].sort((a, b) => a.slot - b.slot);
      return [...all.filter((d) => d.day !== dayNumber), { day: dayNumber, meals }].sort((a, b) => a.day - b.day);
    });
  const dayTotal = totals?.days.find((d) => d.day === dayNumber)?.totals.values.energyKcal ?? 0;
  return (
    <Stack>
      <Text fw={600} data-testid="day-total">
        {t('editor.dayTotal')}: {fmt(dayTotal, lang)} kcal
      </Text>
      {slots.map((s) => {
        const items = current?.meals.find((m) => m.slot === s.slot)?.items ?? [];
        const mealTotal = totals?.days.find((d) => d.day === dayNumber)?.meals.find((m) => m.slot === s.slot)?.totals.values;
        return (
          <Card key={s.slot} withBorder padding="sm" data-testid={`meal-${s.slot}`}>
            <Group justify="space-between" mb="xs">
              <Title order={3} size="h5">
                {s.name}
              </Title>
              <Text size="sm" data-testid="meal-total">
                {fmt(mealTotal?.energyKcal ?? 0, lang)} kcal · {t('summary.carbohydrate')} {fmt(mealTotal?.carbohydrateG ?? 0, lang, 1)} g · {t('summary.protein')}{' '}
                {fmt(mealTotal?.proteinG ?? 0, lang, 1)} g · {t('summary.fat')} {fmt(mealTotal?.fatG ?? 0, lang, 1)} g
              </Text>
            </Group>
            {items.length ? (
              <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('editor.mealFoods', { meal: s.name }) }}>
                <Table fz="sm" miw={560}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('editor.food')}</Table.Th>
                      <Table.Th>{t('editor.quantity')}</Table.Th>
                      <Table.Th>{t('editor.unit')}</Table.Th>
                      <Table.Th>kcal</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('editor.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((item) => {
                      const q = parseDecimalInput(item.quantity);
                      const bad = q === undefined || q < 0;
                      return (
                        <Table.Tr key={item.key}>
                          <Table.Td>{item.name}</Table.Td>
                          <Table.Td>
                            <TextInput
                              aria-label={t('editor.quantityOf', { name: item.name })}
                              value={item.quantity}
                              w={90}
                              error={bad ? t('validation.quantity') : undefined}
                              onChange={(e) => {
                                // Digits and one comma or dot only: a letter never reaches the plan.
                                const value = filterDecimalInput(e.currentTarget.value);
                                updateMeal(s.slot, (list) => list.map((x) => (x.key === item.key ? { ...x, quantity: value } : x)));
                              }}
                              {...decimalProps}
                            />
                            {unusual.has(item.key) ? (
                              <Group gap={4} wrap="nowrap" mt={2}>
                                <IconAlertTriangle size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
                                <Text size="xs" fw={600} data-testid="unusual-amount">
                                  {t('implausible.warning')}
                                </Text>
                              </Group>
                            ) : null}
                          </Table.Td>
                          <Table.Td>
                            {item.kind === 'food' ? (
                              <Select
                                aria-label={t('editor.unitOf', { name: item.name })}
                                value={String(item.unit)}
                                allowDeselect={false}
                                w={200}
                                data={[{ value: 'g', label: t('editor.grams') }, ...item.measures.filter((m) => m.position === item.unit || isMeasureVisible(m.description, lang)).map((m) => ({ value: String(m.position), label: `${m.amount !== 1 ? `${fmt(m.amount, lang, 2)} ` : ''}${measureDescriptionFor(m.description, lang.startsWith('en') ? 'en' : 'es')} (${fmt(m.gramWeight, lang, 1)} g)` }))]}
                                onChange={(v) => v && updateMeal(s.slot, (list) => list.map((x) => (x.key === item.key ? withUnit(x, v === 'g' ? 'g' : Number(v)) : x)))}
                              />
                            ) : (
                              <Text size="sm">{item.unit === 'serving' ? t('editor.servings') : t('editor.grams')}</Text>
                            )}
                            {item.kind === 'food' && item.unit === 'g' && !bad ? <HouseholdHint grams={itemGrams(item)} measures={item.measures} /> : null}
                          </Table.Td>
                          <Table.Td>{fmt(itemTotals(item).values.energyKcal, lang)}</Table.Td>
                          <Table.Td>
                            <ActionIcon variant="subtle" color="red" aria-label={t('editor.remove', { name: item.name })} onClick={() => updateMeal(s.slot, (list) => list.filter((x) => x.key !== item.key))}>
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            ) : (
              <Text size="sm" c="dimmed">
                {t('editor.emptyMeal')}
              </Text>
            )}
            <FoodPicker
              label={t('editor.addFood', { meal: s.name })}
              onPick={(food) => updateMeal(s.slot, (list) => [...list, itemFromFood(food)])}
              onPickDish={(dish) => updateMeal(s.slot, (list) => [...list, itemFromDish(dish)])}
            />
          </Card>
        );
      })}
    </Stack>
  );
}

function ExchangeDay({ dayNumber, days, setDays, slots, groups, totals }: { dayNumber: number; days: ExchangeDays; setDays: (fn: (d: ExchangeDays) => ExchangeDays) => void; slots: Slot[]; groups: ExchangeGroupsResponse; totals: PlanTotals | null }) {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  const current = days.find((d) => d.day === dayNumber) ?? { day: dayNumber, meals: [], discarded: zeros24() };
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const write = (fn: (d: ExchangeDays[number]) => ExchangeDays[number]) => setDays((all) => [...all.filter((d) => d.day !== dayNumber), fn(current)].sort((a, b) => a.day - b.day));
  const setPortion = (slot: number, index: number, raw: string) => {
    setDrafts((d) => ({ ...d, [`${dayNumber}-${slot}-${index}`]: raw }));
    const value = parseDecimalInput(raw);
    if (value === undefined && raw.trim() !== '') return;
    write((d) => {
      const meal = d.meals.find((m) => m.slot === slot) ?? { slot, portions: zeros24() };
      const portions = [...meal.portions];
      portions[index] = Math.max(0, value ?? 0);
      return { ...d, meals: [...d.meals.filter((m) => m.slot !== slot), { slot, portions }].sort((a, b) => a.slot - b.slot) };
    });
  };
  const dayTotals = totals?.days.find((d) => d.day === dayNumber);
  return (
    <Stack>
    <Text fw={600} data-testid="day-total">
      {t('editor.dayTotal')}: {fmt(dayTotals?.totals.values.energyKcal ?? 0, lang)} kcal
    </Text>
    <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('exchange.gridLabel') }}>
      <Table withTableBorder fz="sm" miw={720} data-testid="exchange-grid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('exchange.group')}</Table.Th>
            <Table.Th>{t('exchange.portion')}</Table.Th>
            {slots.map((s) => (
              <Table.Th key={s.slot}>{s.name}</Table.Th>
            ))}
            <Table.Th>{t('exchange.discard')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.groups.map((g) => {
            const index = g.position - 1;
            const discarded = current.discarded[index] === 1;
            return (
              <Table.Tr key={g.id}>
                <Table.Td>
                  <Text size="sm" fw={500} td={discarded ? 'line-through' : undefined}>
                    {g.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {g.members.slice(0, 2).map((m) => `${m.name}: ${m.measure}`).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>{fmt(g.portion.energyKcal, lang)} kcal</Table.Td>
                {slots.map((s) => {
                  const key = `${dayNumber}-${s.slot}-${index}`;
                  const stored = current.meals.find((m) => m.slot === s.slot)?.portions[index] ?? 0;
                  const value = drafts[key] ?? (stored ? String(stored).replace('.', ',') : '');
                  return (
                    <Table.Td key={s.slot}>
                      <TextInput
                        aria-label={t('exchange.portionsOf', { group: g.name, meal: s.name })}
                        value={value}
                        w={64}
                        disabled={discarded}
                        error={value.trim() !== '' && parseDecimalInput(value) === undefined}
                        onChange={(e) => setPortion(s.slot, index, filterDecimalInput(e.currentTarget.value))}
                        {...decimalProps}
                      />
                    </Table.Td>
                  );
                })}
                <Table.Td>
                  <Checkbox
                    aria-label={t('exchange.discardOf', { group: g.name })}
                    checked={discarded}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      write((d) => {
                        const list = [...d.discarded];
                        list[index] = checked ? 1 : 0;
                        return { ...d, discarded: list };
                      });
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={2}>{t('editor.mealTotal')}</Table.Th>
            {slots.map((s) => (
              <Table.Td key={s.slot}>{fmt(dayTotals?.meals.find((m) => m.slot === s.slot)?.totals.values.energyKcal ?? 0, lang)} kcal</Table.Td>
            ))}
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
    </Stack>
  );
}

/** "≈ ¾ taza" under a quantity in grams: the household amount the patient will read on the plan. */
function HouseholdHint({ grams, measures }: { grams: number; measures: EditorItem['measures'] }) {
  const { t } = useTranslation('plans');
  // Rows re-render on every keystroke of the editor; the measure choice only changes with grams or measures.
  const household = useMemo(() => householdAmount(grams, measures), [grams, measures]);
  if (!household) return null;
  return (
    <Text size="xs" mt={2} data-testid="household">
      {t('editor.household', { amount: household.text })}
    </Text>
  );
}

/**
 * The patient's references (RDA/AI by sex and age) come from the server; the planned amounts are the
 * editor's live weekly average, so the table follows every change before saving (it used to show the
 * saved plan: 0 % rows on a new plan until the first save).
 */
function AdequacyTable({ plan, liveAverage }: { plan: Plan; liveAverage: Readonly<Record<string, number>> | null }) {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  const rows = plan.computed?.adequacy?.map((row) => {
    if (!liveAverage) return row;
    const planned = liveAverage[row.key] ?? 0;
    return { ...row, planned, percent: row.reference > 0 ? (planned / row.reference) * 100 : 0 };
  });
  return (
    <Paper withBorder radius="md" p="md" data-testid="adequacy">
      <Title order={2} size="h4" mb="sm">
        {t('adequacy.title')}
      </Title>
      {rows ? (
        <Table.ScrollContainer minWidth={520} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('adequacy.title') } }}>
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adequacy.nutrient')}</Table.Th>
                <Table.Th>{t('adequacy.reference')}</Table.Th>
                <Table.Th>{t('adequacy.planned')}</Table.Th>
                <Table.Th>{t('adequacy.percent')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const status = row.percent >= 100 ? 'ok' : row.percent >= 67 ? 'near' : 'low';
                return (
                  <Table.Tr key={row.key} data-nutrient={row.key}>
                    <Table.Td>{t(`adequacy.nutrients.${row.key}`, { defaultValue: row.key })}</Table.Td>
                    <Table.Td>
                      {fmt(row.reference, lang, 2)} ({row.kind})
                    </Table.Td>
                    <Table.Td>{fmt(row.planned, lang, 2)}</Table.Td>
                    <Table.Td>
                      {fmt(row.percent, lang)} % · {t(`adequacy.${status}`)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm">{t('adequacy.none')}</Text>
      )}
    </Paper>
  );
}
