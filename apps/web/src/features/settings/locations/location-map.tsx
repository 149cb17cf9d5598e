// Leaflet map of a place's position: clicking sets the marker. Loaded lazily with its CSS. Tiles come
// from the server's MAP_TILE_URL (GET /client-config), the one origin its CSP allows; with no tiles
// configured, or offline, the map still takes clicks and the latitude/longitude fields stay the way
// to type a position.
import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ClientConfig } from '@almendra/contracts';
import { api } from '../../../lib/api-client';

/** Buenos Aires (Obelisco): where the map opens for a place without a position. */
const DEFAULT_CENTER: [number, number] = [-34.6037, -58.3816];

function ClickToPlace({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({
    click: (event) => onPick(Number(event.latlng.lat.toFixed(6)), Number(event.latlng.lng.toFixed(6))),
  });
  return null;
}

function FollowPosition({ position }: { position: [number, number] | null }) {
  const map = useMap();
  useEffect(() => {
    if (position) map.panTo(position);
  }, [map, position]);
  return null;
}

export interface LocationMapProps {
  latitude: number | null;
  longitude: number | null;
  onPick: (lat: number, lng: number) => void;
  label: string;
}

export default function LocationMap({ latitude, longitude, onPick, label }: LocationMapProps) {
  const position: [number, number] | null = latitude !== null && longitude !== null ? [latitude, longitude] : null;
  const config = useQuery({ queryKey: ['client-config'], queryFn: () => api.get<ClientConfig>('/client-config'), staleTime: Infinity });
  const tileUrl = config.data?.mapTileUrl ?? null;
  const { t } = useTranslation('appointments');
  return (
    <div role="application" aria-label={label} data-testid="location-map">
      <MapContainer
        center={position ?? DEFAULT_CENTER}
        zoom={position ? 15 : 12}
        style={{ height: 240, width: '100%', borderRadius: 8, background: 'var(--mantine-color-gray-1)' }}
        attributionControl
        zoomControl={false}
      >
        {/* Leaflet's own control is titled "Zoom in"/"Zoom out" in English. */}
        <ZoomControl position="topleft" zoomInTitle={t('places.mapZoomIn')} zoomOutTitle={t('places.mapZoomOut')} />
        {tileUrl && <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />}
        <ClickToPlace onPick={onPick} />
        <FollowPosition position={position} />
        {position && <CircleMarker center={position} radius={10} pathOptions={{ color: '#c92a2a', fillOpacity: 0.8 }} />}
      </MapContainer>
    </div>
  );
}
