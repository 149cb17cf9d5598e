// The 'Perfil web' tab: lists are edited and reordered locally and saved in one PATCH with the order
// shown; a slug taken by someone else shows the server's message under the address field.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Location, PublicProfile } from '@almendra/contracts';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, routeFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { PublicProfileTab } from './public-profile-tab';

const profile: PublicProfile = {
  slug: null,
  suggestedSlug: 'valeria-gomez',
  published: false,
  url: null,
  headline: null,
  about: null,
  hasCover: false,
  coverUpdatedAt: null,
  titles: [],
  studies: [],
  experiences: [],
  services: [],
  locationIds: [],
  updatedAt: null,
};
const place = {
  id: 'l1',
  name: 'Consultorio Palermo',
  street: 'Av. Santa Fe',
  streetNumber: '3200',
  visible: true,
  disabled: false,
  latitude: null,
  longitude: null,
} as unknown as Location;

describe('PublicProfileTab', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves the lists in the order shown, the place chosen, and shows a taken slug under its field', async () => {
    const bodies: unknown[] = [];
    const stub = routeFetch({
      'GET /api/v1/me/public-profile': () => jsonResponse(200, profile),
      'GET /api/v1/locations': () => jsonResponse(200, [place]),
      'GET /api/v1/locations/l1/schedule': () => jsonResponse(200, { days: [{ weekday: 1, ranges: [{ start: '09:00', end: '13:00' }] }] }),
      'PATCH /api/v1/me/public-profile': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(409, { error: { code: 'CONFLICT', message: 'Esa dirección ya la usa otro profesional. Elige otra.', details: { field: 'slug', reason: 'SLUG_TAKEN' } } });
      },
    });
    vi.stubGlobal('fetch', vi.fn(stub.fetch));
    renderWithProviders(<PublicProfileTab />);

    expect(await screen.findByLabelText('Dirección de tu perfil')).toHaveValue('valeria-gomez');
    expect(await screen.findByText('Lunes 09:00–13:00')).toBeInTheDocument();
    const titles = screen.getByTestId('list-titles');
    await userEvent.click(within(titles).getByRole('button', { name: 'Agregar título' }));
    await userEvent.type(within(titles).getByLabelText(/Título 1/), 'Especialista en deporte');
    await userEvent.click(within(titles).getByRole('button', { name: 'Agregar título' }));
    await userEvent.type(within(titles).getByLabelText(/Título 2/), 'Licenciada en Nutrición');
    await userEvent.click(within(titles).getByRole('button', { name: 'Subir el elemento 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Consultorio Palermo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      slug: 'valeria-gomez',
      published: false,
      titles: [
        { title: 'Licenciada en Nutrición', detail: null },
        { title: 'Especialista en deporte', detail: null },
      ],
      locationIds: ['l1'],
    });
    expect((await screen.findAllByText('Esa dirección ya la usa otro profesional. Elige otra.')).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Dirección de tu perfil')).toHaveAttribute('aria-invalid', 'true');
  }, 30_000);
});
