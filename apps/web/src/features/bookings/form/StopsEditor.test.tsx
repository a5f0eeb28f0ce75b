import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { newStop, type StopValue } from './form-values';
import { type KnownPlace, MAX_STOPS, StopsEditor, stopMoves } from './StopsEditor';

afterEach(cleanup);

const places: KnownPlace[] = [
  { id: 7, name: 'Heathrow T5', address: 'Heathrow Terminal 5, Hounslow', postcode: 'TW6 2GA', lat: 51.47, lng: -0.49 },
];

/** What the editor last handed back (or what it started with). */
const seen: { stops: StopValue[] } = { stops: [] };
function Harness({
  initial,
  onFindAddress,
  onAllowUnplaced,
}: {
  initial: StopValue[];
  onFindAddress?: (index: number) => void;
  onAllowUnplaced?: (allow: boolean) => void;
}) {
  const [stops, setStops] = useState(() => {
    seen.stops = initial;
    return initial;
  });
  return (
    <MantineProvider>
      <StopsEditor
        stops={stops}
        onChange={(next) => {
          seen.stops = next;
          setStops(next);
        }}
        places={places}
        errorOf={(p) => (p === 'stops.1.address' ? 'is required' : undefined)}
        onFindAddress={onFindAddress}
        onAllowUnplaced={onAllowUnplaced}
      />
    </MantineProvider>
  );
}

const addresses = () => seen.stops.map((s) => s.address);
/** The address field of a stop (its option list carries the same label). */
const addressInput = (label: string) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT') as HTMLInputElement;

describe('stop moves', () => {
  const a = newStop({ address: 'A' });
  const b = newStop({ address: 'B' });
  const c = newStop({ address: 'C' });

  it('adds a via stop before the drop-off, or a drop-off after a lone pick-up', () => {
    expect(stopMoves.addVia([a, b]).map((s) => s.address)).toEqual(['A', '', 'B']);
    expect(stopMoves.addVia([a]).map((s) => s.address)).toEqual(['A', '']);
  });

  it('never goes past the largest number of stops', () => {
    const full = Array.from({ length: MAX_STOPS }, () => newStop());
    expect(stopMoves.addVia(full)).toHaveLength(MAX_STOPS);
  });

  it('keeps the pick-up and removes any other stop', () => {
    expect(stopMoves.remove([a, b, c], 0)).toHaveLength(3);
    expect(stopMoves.remove([a, b, c], 1).map((s) => s.address)).toEqual(['A', 'C']);
    expect(stopMoves.remove([a, b], 1).map((s) => s.address)).toEqual(['A']);
  });

  it('moves a stop up or down and stays inside the list', () => {
    expect(stopMoves.move([a, b, c], 2, -1).map((s) => s.address)).toEqual(['A', 'C', 'B']);
    expect(stopMoves.move([a, b, c], 0, -1).map((s) => s.address)).toEqual(['A', 'B', 'C']);
    expect(stopMoves.move([a, b, c], 2, 1).map((s) => s.address)).toEqual(['A', 'B', 'C']);
  });

  it('takes a known place with its postcode, coordinates and id', () => {
    const stop = stopMoves.fromPlace(newStop(), places[0] as KnownPlace);
    expect(stop).toMatchObject({
      address: 'Heathrow Terminal 5, Hounslow',
      postcode: 'TW6 2GA',
      lat: 51.47,
      lng: -0.49,
      knownLocationId: 7,
    });
  });
});

describe('StopsEditor', () => {
  it('labels pick-up, via and drop-off and shows the error of a stop beside it', () => {
    render(<Harness initial={[newStop({ address: 'A' }), newStop(), newStop({ address: 'C' })]} />);
    expect(screen.getByText('Pick-up')).toBeTruthy();
    expect(screen.getByText('Via 1')).toBeTruthy();
    expect(screen.getByText('Drop-off')).toBeTruthy();
    expect(within(screen.getByTestId('stop-1')).getByText('is required')).toBeTruthy();
  });

  it('adds, reorders and removes stops with its buttons', () => {
    render(<Harness initial={[newStop({ address: 'A' }), newStop({ address: 'C' })]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a via stop' }));
    expect(addresses()).toEqual(['A', '', 'C']);
    fireEvent.change(addressInput('Via 1'), { target: { value: 'B' } });
    expect(addresses()).toEqual(['A', 'B', 'C']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Via 1 up' }));
    expect(addresses()).toEqual(['B', 'A', 'C']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Drop-off' }));
    expect(addresses()).toEqual(['B', 'A']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Drop-off' }));
    expect(addresses()).toEqual(['B']);
    expect(screen.getByRole('button', { name: 'Add a drop-off' })).toBeTruthy();
  });

  it('never offers to remove the pick-up or move it further up', () => {
    render(<Harness initial={[newStop({ address: 'A' }), newStop({ address: 'C' })]} />);
    expect((screen.getByRole('button', { name: 'Remove Pick-up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Pick-up up' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('typing over a known place forgets its id', () => {
    render(<Harness initial={[stopMoves.fromPlace(newStop(), places[0] as KnownPlace), newStop()]} />);
    expect(seen.stops[0]?.knownLocationId).toBe(7);
    fireEvent.change(addressInput('Pick-up'), { target: { value: 'Heathrow Terminal 4' } });
    expect(seen.stops[0]).toMatchObject({ address: 'Heathrow Terminal 4', knownLocationId: null });
  });

  it('looks a typed address up when the field is left, not a placed one', () => {
    const asked: number[] = [];
    render(
      <Harness
        initial={[newStop({ address: '12 Queen St RG1 1AA' }), newStop({ address: 'B', lat: 51.5, lng: -0.1 })]}
        onFindAddress={(i) => asked.push(i)}
      />,
    );
    fireEvent.blur(addressInput('Pick-up'));
    fireEvent.blur(addressInput('Drop-off'));
    expect(asked).toEqual([0]);
  });

  it('typing over a place the search found drops its coordinates', () => {
    render(
      <Harness
        initial={[
          newStop({ address: 'RG1 1AA', lat: 51.45, lng: -0.97, placedBy: 'the postcode district' }),
          newStop(),
        ]}
      />,
    );
    expect(screen.getByText('Placed by the postcode district.')).toBeTruthy();
    fireEvent.change(addressInput('Pick-up'), { target: { value: 'RG1 1AB' } });
    expect(seen.stops[0]).toMatchObject({ address: 'RG1 1AB', lat: '', lng: '', placedBy: null });
  });

  it('says when an address was not found, offers the map and asks before saving it unplaced', () => {
    const allowed: boolean[] = [];
    render(
      <Harness
        initial={[newStop({ address: 'Flurble Grange', notFound: true }), newStop({ address: 'B', lat: 1, lng: 1 })]}
        onAllowUnplaced={(a) => allowed.push(a)}
      />,
    );
    expect(screen.getByText(/We could not find this address/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place on map: Pick-up' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Save without placing it'));
    expect(allowed).toEqual([true]);
  });
});
