import {
  ActionIcon,
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
  IconChevronDown,
  IconChevronUp,
  IconMapPin,
  IconMapPinQuestion,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Suggestions, SuggestInput, searchText } from '../../../ui/SuggestInput';
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

/** Known places searched for a stop's typed address: the list and whether a search is on its way. */
export type PlaceSearch = (text: string) => { suggestions: Suggestions<KnownPlace> | null; searching: boolean };

/** Every word typed, in any order, in the place's name, address or postcode (as the server searches). */
export function matchesWords(place: KnownPlace, text: string): boolean {
  const words = searchText(text).split(' ').filter(Boolean);
  const haystack = `${place.name} ${place.address} ${place.postcode ?? ''}`.toLowerCase();
  return words.length > 0 && words.every((w) => haystack.includes(w));
}

/** A fixed list of places searched in the browser (tests, or a form without the server's search). */
export const searchAmong =
  (places: KnownPlace[]): PlaceSearch =>
  (text) => ({
    suggestions: { forText: text, items: places.filter((p) => matchesWords(p, text)).slice(0, 8) },
    searching: false,
  });

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
  /** The search of known places behind each address (a hook); by default `places` in the browser. */
  usePlaceSearch?: PlaceSearch;
  /** The pick-up's address field, for the form to put the focus on. */
  firstRef?: Ref<HTMLInputElement>;
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
  usePlaceSearch,
  firstRef,
  onLookupPostcode,
  lookingUp,
  onFindAddress,
  finding,
  allowUnplaced = false,
  onAllowUnplaced,
}: Props) {
  const { t } = useTranslation();
  const [pinFor, setPinFor] = useState<number | null>(null);
  const [fallbackSearch] = useState(() => searchAmong(places));
  const search = usePlaceSearch ?? fallbackSearch;
  // Postcodes and coordinates are behind one disclosure, out of the Tab order of a phone booking.
  const [showDetails, setShowDetails] = useState(false);
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
          usePlaceSearch={search}
          inputRef={i === 0 ? firstRef : undefined}
          showDetails={showDetails}
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
        <Button
          variant="subtle"
          size="xs"
          aria-expanded={showDetails}
          leftSection={showDetails ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          onClick={() => setShowDetails((v) => !v)}
        >
          {showDetails ? t('bookings.form.hideStopDetails') : t('bookings.form.showStopDetails')}
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
  usePlaceSearch: PlaceSearch;
  inputRef?: Ref<HTMLInputElement>;
  showDetails: boolean;
  errorOf: (path: string) => string | undefined;
  onPatch: (patch: Partial<StopValue>) => void;
  onPlace: (place: KnownPlace) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onLookupPostcode?: () => void;
  lookingUp: boolean;
  onFindAddress?: (() => void) | undefined;
  finding: boolean;
  onDropPin: () => void;
}

const placeValue = (p: KnownPlace) => (p.address.startsWith(p.name) ? p.address : `${p.name} — ${p.address}`);

/** The row buttons are out of the Tab order; the address field moves and removes its stop instead. */
const rowButton = { tabIndex: -1 } as const;

function StopRow({
  index,
  count,
  label,
  stop,
  usePlaceSearch,
  inputRef,
  showDetails,
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
  const found = usePlaceSearch(stop.address);
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
          <SuggestInput
            inputRef={inputRef}
            aria-label={label}
            placeholder={t('bookings.form.addressPlaceholder')}
            className={classes.address}
            value={stop.address}
            onChange={(value) =>
              // A place the search found belonged to the words typed before.
              stop.placedBy
                ? onPatch({ address: value, knownLocationId: null, lat: '', lng: '', placedBy: null })
                : onPatch({ address: value, knownLocationId: null, notFound: false })
            }
            onBlur={() => {
              if (onFindAddress && !stop.knownLocationId && isUnplacedStop(stop)) onFindAddress();
            }}
            suggestions={found.suggestions}
            searching={found.searching}
            keyOf={(p) => String(p.id)}
            render={placeValue}
            onPick={onPlace}
            searchingText={t('bookings.form.searching')}
            nothingFound={t('bookings.form.noPlace')}
            onKeyDown={(e) => {
              // Alt+↑/↓ move the stop, Alt+Delete removes it (the row buttons are out of the Tab order).
              if (!e.altKey) return;
              if (e.key === 'ArrowUp' && index > 0) onMove(-1);
              else if (e.key === 'ArrowDown' && index < count - 1) onMove(1);
              else if (e.key === 'Delete' && index > 0) onRemove();
              else return;
              e.preventDefault();
            }}
            leftSection={stop.knownLocationId ? <IconMapPin size={14} /> : null}
            error={errorOf(path('address'))}
          />
          <Group gap={2} wrap="nowrap" className={classes.actions}>
            <Tooltip label={t('bookings.form.moveUp')}>
              <ActionIcon
                variant="subtle"
                {...rowButton}
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
                {...rowButton}
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
                {...rowButton}
                aria-label={t('bookings.form.removeStopOf', { stop: label })}
                disabled={index === 0}
                onClick={onRemove}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </div>
        {showDetails ? (
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
        ) : stop.postcode || stop.lat !== '' ? (
          <Text size="xs" c="dimmed" className={classes.details}>
            {[stop.postcode, stop.lat !== '' && stop.lng !== '' ? `${stop.lat}, ${stop.lng}` : '']
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
        <Group gap="xs" className={classes.details}>
          <Button
            variant={stop.notFound && isUnplacedStop(stop) ? 'filled' : 'subtle'}
            color={stop.notFound && isUnplacedStop(stop) ? 'red.9' : undefined}
            size="compact-xs"
            leftSection={<IconMapPinQuestion size={14} />}
            onClick={onDropPin}
            aria-label={t('bookings.pin.openFor', { stop: label })}
            // In the Tab order only when the address could not be found: then it is the next thing to do.
            tabIndex={stop.notFound && isUnplacedStop(stop) ? 0 : -1}
          >
            {t('bookings.pin.open')}
          </Button>
          <PlacingNote stop={stop} finding={finding} />
        </Group>
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
    <Text size="xs" role="status" c={stop.notFound && !finding ? 'red.8' : 'dimmed'} data-testid="placing-note">
      {text}
    </Text>
  );
}
