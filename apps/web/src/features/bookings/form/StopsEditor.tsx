import {
  ActionIcon,
  Autocomplete,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconMapPin,
  IconMapPinQuestion,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnplacedStop, newStop, type StopValue } from './form-values';
import { PinDropDialog } from './PinDropDialog';
import type { Pin } from './pin-keys';
import classes from './StopsEditor.module.css';

export interface KnownPlace {
  id: number;
  name: string;
  address: string;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
}

export const MAX_STOPS = 12;

/** Moves, adds and removes stops; the pick-up is first and the drop-off last. */
export const stopMoves = {
  /** A via stop before the drop-off; with only a pick-up, a drop-off. */
  addVia(stops: StopValue[]): StopValue[] {
    if (stops.length >= MAX_STOPS) return stops;
    const at = Math.max(stops.length - 1, 1);
    return [...stops.slice(0, at), newStop(), ...stops.slice(at)];
  },
  /** Any stop but the pick-up; removing the only drop-off makes an hourly hire from the pick-up. */
  remove(stops: StopValue[], index: number): StopValue[] {
    if (index <= 0 || index >= stops.length) return stops;
    return stops.filter((_, i) => i !== index);
  },
  move(stops: StopValue[], index: number, by: -1 | 1): StopValue[] {
    const to = index + by;
    if (to < 0 || to >= stops.length) return stops;
    const next = [...stops];
    [next[index], next[to]] = [next[to] as StopValue, next[index] as StopValue];
    return next;
  },
  fromPlace(stop: StopValue, place: KnownPlace): StopValue {
    return {
      ...stop,
      address: place.address,
      postcode: place.postcode ?? '',
      lat: place.lat ?? '',
      lng: place.lng ?? '',
      knownLocationId: place.id,
      placedBy: null,
      notFound: false,
    };
  },
  /** The stop placed where the person dropped the pin. */
  pinned(stop: StopValue, [lat, lng]: Pin): StopValue {
    return { ...stop, lat, lng, placedBy: null, notFound: false };
  },
};

const pinOf = (s: StopValue): Pin | null => (s.lat !== '' && s.lng !== '' ? [s.lat, s.lng] : null);

interface Props {
  stops: StopValue[];
  onChange: (stops: StopValue[]) => void;
  /** The error of a stop's field (stops.<i>.<field>), if any. */
  errorOf?: (path: string) => string | undefined;
  places?: KnownPlace[];
  /** Looks the stop's postcode up and fills what it finds. */
  onLookupPostcode?: (index: number) => void;
  lookingUp?: number | null;
  /** Looks a typed address up (when the field is left) and places the stop with what it finds. */
  onFindAddress?: (index: number) => void;
  finding?: number | null;
  /** Offered when a stop could not be placed: save it "Not placed, not priced". */
  allowUnplaced?: boolean;
  onAllowUnplaced?: (allow: boolean) => void;
}

/** Pick-up, via stops and drop-off: addresses with known places, a postcode look-up and coordinates. */
export function StopsEditor({
  stops,
  onChange,
  errorOf = () => undefined,
  places = [],
  onLookupPostcode,
  lookingUp,
  onFindAddress,
  finding,
  allowUnplaced = false,
  onAllowUnplaced,
}: Props) {
  const { t } = useTranslation();
  const [pinFor, setPinFor] = useState<number | null>(null);
  const labelOf = (i: number) =>
    i === 0
      ? t('bookings.form.pickup')
      : i === stops.length - 1
        ? t('bookings.form.dropoff')
        : t('bookings.form.via', { n: i });
  const hourly = stops.length === 1;
  const set = (index: number, patch: Partial<StopValue>) =>
    onChange(stops.map((s, i) => (i === index ? { ...s, ...patch } : s)));

  return (
    <Stack gap="xs">
      {stops.map((stop, i) => (
        <StopRow
          key={stop.key}
          index={i}
          count={stops.length}
          label={labelOf(i)}
          stop={stop}
          places={places}
          errorOf={errorOf}
          onPatch={(patch) => set(i, patch)}
          onPlace={(place) => onChange(stops.map((s, j) => (j === i ? stopMoves.fromPlace(s, place) : s)))}
          onMove={(by) => onChange(stopMoves.move(stops, i, by))}
          onRemove={() => onChange(stopMoves.remove(stops, i))}
          onLookupPostcode={onLookupPostcode ? () => onLookupPostcode(i) : undefined}
          lookingUp={lookingUp === i}
          onFindAddress={onFindAddress ? () => onFindAddress(i) : undefined}
          finding={finding === i}
          onDropPin={() => setPinFor(i)}
        />
      ))}
      {onAllowUnplaced && stops.some((s, i) => isUnplacedStop(s) && (s.notFound || errorOf(`stops.${i}.address`))) ? (
        <Checkbox
          checked={allowUnplaced}
          onChange={(e) => onAllowUnplaced(e.currentTarget.checked)}
          label={t('bookings.placing.allowUnplaced')}
          description={t('bookings.placing.allowUnplacedHint')}
          data-testid="allow-unplaced"
        />
      ) : null}
      <PinDropDialog
        opened={pinFor !== null}
        stopLabel={pinFor === null ? '' : labelOf(pinFor)}
        address={pinFor === null ? '' : (stops[pinFor]?.address ?? '')}
        start={pinFor === null ? null : pinOf(stops[pinFor] as StopValue)}
        near={stops.flatMap((s, i) => (i === pinFor ? [] : pinOf(s) ? [pinOf(s) as Pin] : []))}
        onPlace={(pin) => {
          const index = pinFor;
          setPinFor(null);
          if (index !== null) onChange(stops.map((s, j) => (j === index ? stopMoves.pinned(s, pin) : s)));
        }}
        onClose={() => setPinFor(null)}
      />
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange(stopMoves.addVia(stops))}
          disabled={stops.length >= MAX_STOPS}
        >
          {hourly ? t('bookings.form.addDropoff') : t('bookings.form.addVia')}
        </Button>
      </Group>
    </Stack>
  );
}

interface RowProps {
  index: number;
  count: number;
  label: string;
  stop: StopValue;
  places: KnownPlace[];
  errorOf: (path: string) => string | undefined;
  onPatch: (patch: Partial<StopValue>) => void;
  onPlace: (place: KnownPlace) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onLookupPostcode?: () => void;
  lookingUp: boolean;
  onFindAddress?: () => void;
  finding: boolean;
  onDropPin: () => void;
}

const placeValue = (p: KnownPlace) => (p.address.startsWith(p.name) ? p.address : `${p.name} — ${p.address}`);

function StopRow({
  index,
  count,
  label,
  stop,
  places,
  errorOf,
  onPatch,
  onPlace,
  onMove,
  onRemove,
  onLookupPostcode,
  lookingUp,
  onFindAddress,
  finding,
  onDropPin,
}: RowProps) {
  const { t } = useTranslation();
  const [askedForCoordinates, setShowCoordinates] = useState(false);
  const showCoordinates = askedForCoordinates || stop.lat !== '' || stop.lng !== '';
  const path = (field: string) => `stops.${index}.${field}`;
  const colour = index === 0 ? 'teal' : index === count - 1 ? 'red' : 'gray';
  return (
    <Paper withBorder radius="md" p="xs" data-testid={`stop-${index}`}>
      <Stack gap={6}>
        <div className={classes.row}>
          <Badge color={colour} variant="light" miw={82} className={classes.label}>
            {label}
          </Badge>
          <Autocomplete
            aria-label={label}
            placeholder={t('bookings.form.addressPlaceholder')}
            className={classes.address}
            value={stop.address}
            data={places.map(placeValue)}
            limit={8}
            onChange={(value) => {
              const place = places.find((p) => placeValue(p) === value);
              if (place) onPlace(place);
              // A place the search found belonged to the words typed before.
              else if (stop.placedBy)
                onPatch({ address: value, knownLocationId: null, lat: '', lng: '', placedBy: null });
              else onPatch({ address: value, knownLocationId: null, notFound: false });
            }}
            onBlur={() => {
              if (onFindAddress && !stop.knownLocationId && isUnplacedStop(stop)) onFindAddress();
            }}
            leftSection={stop.knownLocationId ? <IconMapPin size={14} /> : null}
            error={errorOf(path('address'))}
          />
          <Group gap={2} wrap="nowrap" className={classes.actions}>
            <Tooltip label={t('bookings.form.moveUp')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('bookings.form.moveUpOf', { stop: label })}
                disabled={index === 0}
                onClick={() => onMove(-1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('bookings.form.moveDown')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('bookings.form.moveDownOf', { stop: label })}
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('bookings.form.removeStop')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('bookings.form.removeStopOf', { stop: label })}
                disabled={index === 0}
                onClick={onRemove}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </div>
        <Group gap="xs" wrap="wrap" className={classes.details}>
          <TextInput
            aria-label={t('bookings.form.postcodeOf', { stop: label })}
            placeholder={t('bookings.form.postcode')}
            value={stop.postcode}
            onChange={(e) => onPatch({ postcode: e.currentTarget.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && onLookupPostcode && stop.postcode.trim()) {
                e.preventDefault();
                onLookupPostcode();
              }
            }}
            error={errorOf(path('postcode'))}
            w={130}
            size="xs"
            rightSection={
              onLookupPostcode ? (
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  aria-label={t('bookings.form.lookUpPostcode')}
                  title={t('bookings.form.lookUpPostcode')}
                  loading={lookingUp}
                  disabled={!stop.postcode.trim()}
                  onClick={onLookupPostcode}
                >
                  <IconSearch size={14} />
                </ActionIcon>
              ) : null
            }
          />
          <Button
            variant={stop.notFound && isUnplacedStop(stop) ? 'filled' : 'subtle'}
            color={stop.notFound && isUnplacedStop(stop) ? 'red.9' : undefined}
            size="compact-xs"
            leftSection={<IconMapPinQuestion size={14} />}
            onClick={onDropPin}
            aria-label={t('bookings.pin.openFor', { stop: label })}
          >
            {t('bookings.pin.open')}
          </Button>
          {showCoordinates ? (
            <>
              <NumberInput
                size="xs"
                aria-label={t('bookings.form.latOf', { stop: label })}
                placeholder={t('bookings.form.lat')}
                value={stop.lat}
                onChange={(v) => onPatch({ lat: typeof v === 'number' ? v : '' })}
                decimalScale={6}
                hideControls
                error={errorOf(path('lat'))}
                w={120}
              />
              <NumberInput
                size="xs"
                aria-label={t('bookings.form.lngOf', { stop: label })}
                placeholder={t('bookings.form.lng')}
                value={stop.lng}
                onChange={(v) => onPatch({ lng: typeof v === 'number' ? v : '' })}
                decimalScale={6}
                hideControls
                error={errorOf(path('lng'))}
                w={120}
              />
            </>
          ) : (
            <Button variant="subtle" size="compact-xs" onClick={() => setShowCoordinates(true)}>
              {t('bookings.form.addCoordinates')}
            </Button>
          )}
        </Group>
        <PlacingNote stop={stop} finding={finding} />
      </Stack>
    </Paper>
  );
}

/** What the address search did for the stop, in words (read out when it changes). */
function PlacingNote({ stop, finding }: { stop: StopValue; finding: boolean }) {
  const { t } = useTranslation();
  const text = finding
    ? t('bookings.placing.looking')
    : stop.placedBy && !isUnplacedStop(stop)
      ? t('bookings.placing.placed', { how: stop.placedBy })
      : stop.notFound && isUnplacedStop(stop)
        ? t('bookings.placing.notFound')
        : '';
  return (
    <Text
      size="xs"
      role="status"
      c={stop.notFound && !finding ? 'red.8' : 'dimmed'}
      className={classes.details}
      data-testid="placing-note"
    >
      {text}
    </Text>
  );
}
