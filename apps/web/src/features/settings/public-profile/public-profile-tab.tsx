// 'Perfil web' tab of /configuracion: the public profile at /p/{slug} — address (slug) and publication,
// cover image, presentation, the four lists (titles, studies, experience, services: add, edit, delete,
// reorder) and which places of care it shows (with their address, map and hours from the places tab).
// One form, saved with PATCH /me/public-profile; the form is keyed by the saved version, so a save (or a
// change from another device) starts it again from what the server holds.
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconExternalLink, IconPhotoUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLIC_COVER_MAX_BYTES } from '@almendra/contracts/constants';
import type { Location, PublicProfile, PublicProfileItem, UpdatePublicProfileRequest } from '@almendra/contracts';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-error';
import { showSuccess, showWarning } from '../../../lib/toast';
import { appointmentKeys, locationsApi } from '../../appointments/api/appointments-api';
import { marketingApi, marketingKeys, publicProfileQuery } from '../../marketing/api/marketing-api';
import { LengthCounter } from '../../../components/length-counter';
import { StickyActions } from '../../../components/sticky-actions';

const LocationMap = lazy(() => import('../locations/location-map'));

type ListKey = 'titles' | 'studies' | 'experiences' | 'services';
const LISTS: ListKey[] = ['titles', 'studies', 'experiences', 'services'];
type DraftItem = { id?: string; key: string; title: string; detail: string };

let draftCounter = 0;
const draftKey = () => `new-${(draftCounter += 1)}`;
const toDraft = (items: PublicProfileItem[]): DraftItem[] => items.map((i) => ({ id: i.id, key: i.id, title: i.title, detail: i.detail ?? '' }));

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function ListEditor({ list, items, onChange }: { list: ListKey; items: DraftItem[]; onChange: (items: DraftItem[]) => void }) {
  const { t } = useTranslation('marketing');
  const set = (index: number, change: Partial<DraftItem>) => onChange(items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  return (
    <Paper withBorder radius="md" p="md" data-testid={`list-${list}`}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t(`profile.lists.${list}.title`)}
        </Title>
        {items.length === 0 && <Text size="sm">{t(`profile.lists.${list}.empty`)}</Text>}
        {items.map((item, index) => (
          <Group key={item.key} align="flex-end" wrap="wrap" gap="xs">
            <TextInput
              style={{ flex: '2 1 220px' }}
              label={t(`profile.lists.${list}.item`, { n: index + 1 })}
              value={item.title}
              maxLength={160}
              required
              onChange={(event) => set(index, { title: event.currentTarget.value })}
            />
            <div style={{ flex: '2 1 220px' }}>
              <TextInput
                label={t('profile.lists.detail')}
                value={item.detail}
                maxLength={1000}
                onChange={(event) => set(index, { detail: event.currentTarget.value })}
              />
              <LengthCounter length={item.detail.length} max={1000} onlyNearLimit />
            </div>
            <Group gap={4}>
              <ActionIcon variant="default" size="lg" aria-label={t('profile.lists.up', { n: index + 1 })} disabled={index === 0} onClick={() => onChange(move(items, index, index - 1))}>
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('profile.lists.down', { n: index + 1 })}
                disabled={index === items.length - 1}
                onClick={() => onChange(move(items, index, index + 1))}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="light" color="red" size="lg" aria-label={t('profile.lists.remove', { n: index + 1 })} onClick={() => onChange(items.filter((_, i) => i !== index))}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onChange([...items, { key: draftKey(), title: '', detail: '' }])}>
            {t(`profile.lists.${list}.add`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const WEEKDAY_KEYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

function PlaceChoice({ location, checked, onToggle }: { location: Location; checked: boolean; onToggle: (checked: boolean) => void }) {
  const { t } = useTranslation(['marketing', 'appointments']);
  const schedule = useQuery({ queryKey: appointmentKeys.schedule(location.id), queryFn: ({ signal }) => locationsApi.schedule(location.id, signal) });
  const address = [location.street, location.streetNumber].filter(Boolean).join(' ');
  const open = (schedule.data?.days ?? []).filter((d) => d.ranges.length > 0);
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Checkbox
          checked={checked}
          onChange={(event) => onToggle(event.currentTarget.checked)}
          label={location.name}
          description={[address || t('marketing:profile.places.noAddress'), location.visible ? null : t('marketing:profile.places.hidden')].filter(Boolean).join(' · ')}
        />
        <Text size="sm">
          {open.length
            ? open.map((d) => `${t(`appointments:weekdays.${WEEKDAY_KEYS[d.weekday - 1]}` as never)} ${d.ranges.map((r) => `${r.start}–${r.end}`).join(', ')}`).join(' · ')
            : t('marketing:profile.places.noHours')}
        </Text>
        {checked && location.latitude !== null && location.longitude !== null && (
          <Suspense fallback={<PageLoader />}>
            <LocationMap latitude={location.latitude} longitude={location.longitude} onPick={() => undefined} label={t('marketing:profile.places.map', { name: location.name })} />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}

function CoverCard({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation('marketing');
  const queryClient = useQueryClient();
  const cover = useQuery({ queryKey: marketingKeys.cover(profile.coverUpdatedAt), queryFn: marketingApi.cover, enabled: profile.hasCover });
  const url = useMemo(() => (profile.hasCover && cover.data ? URL.createObjectURL(cover.data) : null), [cover.data, profile.hasCover]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const saved = (next: PublicProfile) => queryClient.setQueryData(marketingKeys.profile, next);
  const upload = useMutation({
    mutationFn: marketingApi.uploadCover,
    onSuccess: (next) => {
      saved(next);
      showSuccess(t('profile.cover.savedTitle'), t('profile.cover.saved'));
    },
  });
  const remove = useMutation({ mutationFn: marketingApi.removeCover, onSuccess: saved });
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > PUBLIC_COVER_MAX_BYTES) return showWarning(t('profile.cover.tooLargeTitle'), t('profile.cover.tooLarge'));
    upload.mutate(file);
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="cover-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('profile.cover.title')}
        </Title>
        <Text size="sm">{t('profile.cover.hint')}</Text>
        {url ? <Image src={url} alt={t('profile.cover.alt')} radius="sm" mah={220} fit="cover" /> : <Text size="sm">{t('profile.cover.none')}</Text>}
        <Group gap="xs">
          <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp">
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} aria-hidden />} loading={upload.isPending}>
                {profile.hasCover ? t('profile.cover.replace') : t('profile.cover.upload')}
              </Button>
            )}
          </FileButton>
          {profile.hasCover && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('profile.cover.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function ProfileForm({ profile, locations }: { profile: PublicProfile; locations: Location[] }) {
  const { t } = useTranslation('marketing');
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState(profile.slug ?? profile.suggestedSlug);
  const [published, setPublished] = useState(profile.published);
  const [headline, setHeadline] = useState(profile.headline ?? '');
  const [about, setAbout] = useState(profile.about ?? '');
  const [lists, setLists] = useState<Record<ListKey, DraftItem[]>>(() => ({
    titles: toDraft(profile.titles),
    studies: toDraft(profile.studies),
    experiences: toDraft(profile.experiences),
    services: toDraft(profile.services),
  }));
  const [shown, setShown] = useState<string[]>(profile.locationIds);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (body: UpdatePublicProfileRequest) => marketingApi.saveProfile(body),
    onSuccess: (next) => {
      queryClient.setQueryData(marketingKeys.profile, next);
      showSuccess(t('profile.savedTitle'), next.published ? t('profile.savedPublished') : t('profile.saved'));
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const details = error.details;
      const issues: Record<string, string> = {};
      if (Array.isArray(details)) for (const d of details as Array<{ path: string; message: string }>) issues[d.path.split('.')[0]!] ??= d.message;
      else if (details && typeof details === 'object' && (details as { field?: string }).field) issues[(details as { field: string }).field] = error.message;
      setFieldErrors(issues);
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    const clean = (items: DraftItem[]) =>
      items.filter((i) => i.title.trim() !== '').map((i) => ({ ...(i.id ? { id: i.id } : {}), title: i.title.trim(), detail: i.detail.trim() || null }));
    save.mutate({
      slug: slug.trim().toLowerCase(),
      published,
      headline: headline.trim() || null,
      about: about.trim() || null,
      titles: clean(lists.titles),
      studies: clean(lists.studies),
      experiences: clean(lists.experiences),
      services: clean(lists.services),
      locationIds: locations.filter((l) => shown.includes(l.id)).map((l) => l.id),
    });
  };

  const publicAddress = `${window.location.origin}/p/`;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('profile.address.title')}
            </Title>
            <TextInput
              label={t('profile.address.slug')}
              description={`${t('profile.address.slugHint')} ${publicAddress}${slug.trim().toLowerCase() || '…'}`}
              value={slug}
              onChange={(event) => setSlug(event.currentTarget.value)}
              error={fieldErrors.slug}
              maxLength={60}
              autoCapitalize="none"
              spellCheck={false}
            />
            <Switch checked={published} onChange={(event) => setPublished(event.currentTarget.checked)} label={t('profile.address.published')} description={t('profile.address.publishedHint')} />
            {profile.published && profile.slug && (
              <Anchor href={`/p/${profile.slug}`} target="_blank" rel="noopener" size="sm">
                <Group gap={4} component="span">
                  {t('profile.address.view')} <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Stack>
        </Paper>
        <CoverCard profile={profile} />
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('profile.presentation.title')}
            </Title>
            <TextInput label={t('profile.presentation.headline')} description={t('profile.presentation.headlineHint')} value={headline} maxLength={300} onChange={(e) => setHeadline(e.currentTarget.value)} error={fieldErrors.headline} />
            <LengthCounter length={headline.length} max={300} onlyNearLimit />
            <Textarea label={t('profile.presentation.about')} value={about} maxLength={3000} rows={4} onChange={(e) => setAbout(e.currentTarget.value)} error={fieldErrors.about} />
            <LengthCounter length={about.length} max={3000} onlyNearLimit />
          </Stack>
        </Paper>
        {LISTS.map((list) => (
          <ListEditor key={list} list={list} items={lists[list]} onChange={(items) => setLists((current) => ({ ...current, [list]: items }))} />
        ))}
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('profile.places.title')}
            </Title>
            <Text size="sm">{t('profile.places.hint')}</Text>
            {locations.length === 0 && (
              <Alert color="gray">
                {t('profile.places.none')}{' '}
                <Anchor href="/configuracion">{t('profile.places.create')}</Anchor>
              </Alert>
            )}
            {locations.map((location) => (
              <PlaceChoice
                key={location.id}
                location={location}
                checked={shown.includes(location.id)}
                onToggle={(checked) => setShown((current) => (checked ? [...current, location.id] : current.filter((id) => id !== location.id)))}
              />
            ))}
            {fieldErrors.locationIds && <Text c="red">{fieldErrors.locationIds}</Text>}
          </Stack>
        </Paper>
        {Object.keys(fieldErrors).some((k) => k !== 'slug') && <Alert color="red">{t('profile.fixErrors')}</Alert>}
        <StickyActions>
          <Button type="submit" loading={save.isPending}>
            {t('profile.save')}
          </Button>
        </StickyActions>
      </Stack>
    </form>
  );
}

export function PublicProfileTab() {
  const profile = useQuery(publicProfileQuery());
  const locations = useQuery({ queryKey: appointmentKeys.locations, queryFn: ({ signal }) => locationsApi.list(signal) });
  if (!profile.data || !locations.data) return <PageLoader />;
  return <ProfileForm key={profile.data.updatedAt ?? 'new'} profile={profile.data} locations={locations.data} />;
}
