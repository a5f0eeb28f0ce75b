import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconMapPinCheck } from '@tabler/icons-react';
import type { Map as LeafletMap } from 'leaflet';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isPinKey, movePin, type Pin } from './pin-keys';

// Leaflet loads with the dialog, not with the booking form.
const PinDropMap = lazy(() => import('./PinDropMap'));

/**
 * Asks the person to put a stop on the map when no search found its address: a click drops the pin
 * (it can be dragged); with the map focused the arrow keys move it (Shift for longer steps) and
 * Enter places it.
 */
export function PinDropDialog({
  opened,
  stopLabel,
  address,
  start,
  near,
  onPlace,
  onClose,
}: {
  opened: boolean;
  stopLabel: string;
  address: string;
  /** Where the pin starts: the stop's own coordinates, if it has some. */
  start: Pin | null;
  near: Pin[];
  onPlace: (pin: Pin) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t('bookings.pin.title', { stop: stopLabel })}
      data-testid="pin-drop-dialog"
    >
      {opened ? (
        <PinDropBody
          stopLabel={stopLabel}
          address={address}
          start={start}
          near={near}
          onPlace={onPlace}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function PinDropBody({
  stopLabel,
  address,
  start,
  near,
  onPlace,
  onClose,
}: Omit<Parameters<typeof PinDropDialog>[0], 'opened'>) {
  const { t } = useTranslation();
  const [pin, setPin] = useState<Pin | null>(start);
  const mapRef = useRef<LeafletMap | null>(null);
  const helpId = useId();

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (pin) onPlace(pin);
      return;
    }
    if (!isPinKey(e.key)) return;
    e.preventDefault();
    const map = mapRef.current;
    const bounds = map?.getBounds();
    const span = bounds
      ? { lat: bounds.getNorth() - bounds.getSouth(), lng: bounds.getEast() - bounds.getWest() }
      : { lat: 0.02, lng: 0.03 };
    if (!pin) {
      const centre = map?.getCenter();
      setPin(centre ? [Number(centre.lat.toFixed(6)), Number(centre.lng.toFixed(6))] : (near[0] ?? [51.5074, -0.1278]));
      return;
    }
    setPin(movePin(pin, e.key, span, e.shiftKey));
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        {address.trim()
          ? t('bookings.pin.notFound', { address: address.trim(), stop: stopLabel })
          : t('bookings.pin.noAddress', { stop: stopLabel })}
      </Text>
      <Text size="sm" c="dimmed" id={helpId}>
        {t('bookings.pin.help')}
      </Text>
      <div
        tabIndex={0}
        role="application"
        aria-label={t('bookings.pin.mapLabel', { stop: stopLabel })}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
        data-testid="pin-drop-map"
        style={{ borderRadius: 'var(--mantine-radius-md)', outlineOffset: 2 }}
      >
        <Suspense fallback={<Skeleton h={360} radius="md" />}>
          <PinDropMap
            pin={pin}
            near={near}
            label={t('bookings.pin.mapLabel', { stop: stopLabel })}
            onPin={setPin}
            mapRef={mapRef}
          />
        </Suspense>
      </div>
      <Text size="sm" role="status" aria-live="polite" data-testid="pin-position">
        {pin ? t('bookings.pin.at', { lat: pin[0].toFixed(5), lng: pin[1].toFixed(5) }) : t('bookings.pin.none')}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button leftSection={<IconMapPinCheck size={16} />} disabled={!pin} onClick={() => pin && onPlace(pin)}>
          {t('bookings.pin.place')}
        </Button>
      </Group>
    </Stack>
  );
}
