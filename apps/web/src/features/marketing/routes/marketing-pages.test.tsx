// The /marketing inbox: requests as served (unseen first), the WhatsApp link, 'marcar todas como vistas'
// and the reject dialog that refuses to send without a reason.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { MarketingOverview, MarketingRequest, MarketingRequestList } from '@almendra/contracts';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, routeFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { MarketingPage } from './marketing-pages';

const base: MarketingRequest = {
  id: 'r1',
  name: 'Lucía Fernández',
  email: 'lucia@correo.test',
  phone: '011 15 4567-8901',
  whatsappNumber: '5491145678901',
  message: 'Quisiera bajar de peso.',
  kind: 'slot',
  status: 'pending',
  seen: false,
  start: '2026-03-11T12:00:00.000Z',
  end: '2026-03-11T12:45:00.000Z',
  locationId: 'l1',
  locationName: 'Consultorio Palermo',
  serviceId: 's1',
  serviceName: 'Primera consulta',
  patientId: 'p1',
  patientIsNew: true,
  appointmentId: 'a1',
  rejectReason: null,
  decidedAt: null,
  createdAt: '2026-03-10T13:00:00.000Z',
};
const overview: MarketingOverview = {
  conversion: { requests: 2, pending: 1, confirmed: 1, rejected: 0, firstConsultations: 1, rate: 0.5 },
  completedAppointments: [],
};

describe('MarketingPage', () => {
  let list: MarketingRequestList;
  beforeEach(async () => {
    await i18n.changeLanguage('es');
    list = {
      items: [base, { ...base, id: 'r2', name: 'Pedro Gómez', kind: 'callback', start: null, end: null, seen: true, status: 'confirmed', whatsappNumber: null }],
      unseenCount: 1,
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the requests, links WhatsApp, marks all seen and needs a reason to reject', async () => {
    const stub = routeFetch({
      'GET /api/v1/marketing/requests': () => jsonResponse(200, list),
      'GET /api/v1/marketing/overview': () => jsonResponse(200, overview),
      'POST /api/v1/marketing/requests/seen': () => {
        list = { items: list.items.map((r) => ({ ...r, seen: true })), unseenCount: 0 };
        return jsonResponse(200, { count: 0, marked: 1 });
      },
      'PATCH /api/v1/marketing/requests/r1': (init) => jsonResponse(200, { ...base, status: 'rejected', rejectReason: JSON.parse(String(init.body)).reason }),
    });
    vi.stubGlobal('fetch', vi.fn(stub.fetch));
    renderWithProviders(
      <MemoryRouter>
        <MarketingPage />
      </MemoryRouter>,
    );
    const cards = await screen.findAllByTestId('request-card');
    expect(cards.map((c) => within(c).getByText(/Fernández|Gómez/).textContent)).toEqual(['Lucía Fernández', 'Pedro Gómez']);
    expect(within(cards[0]!).getByText('Nueva')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Pedido de llamada para coordinar el turno')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5491145678901\?text=Hola%2C%20Luc%C3%ADa/);
    expect(await screen.findByText('1 (50 %)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como vistas' }));
    await waitFor(() => expect(screen.queryByText('Nueva')).not.toBeInTheDocument());
    expect(stub.calls.filter((c) => c.key === 'POST /api/v1/marketing/requests/seen')).toHaveLength(1);

    await userEvent.click(within(screen.getAllByTestId('request-card')[0]!).getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Escribe el motivo del rechazo.')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.key.startsWith('PATCH'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Ese día no atiendo.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(stub.calls.some((c) => c.key === 'PATCH /api/v1/marketing/requests/r1')).toBe(true));
    const patch = stub.calls.find((c) => c.key === 'PATCH /api/v1/marketing/requests/r1')!;
    expect(JSON.parse(String(patch.init.body))).toEqual({ status: 'rejected', reason: 'Ese día no atiendo.' });
  });
});
