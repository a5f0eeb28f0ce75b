import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { RootDb } from '../src/platform/db/client';
import type { LiveBus, LiveMessage } from '../src/platform/events/bus';
import { LiveHub, type Listener } from '../src/platform/events/hub';
import { readMapView } from '../src/platform/events/map-view';

/** A bus the test publishes on by hand, and sockets that keep what they were sent. */
function setUp() {
  let deliver: (m: LiveMessage) => void = () => undefined;
  const bus = {
    subscribe: (fn: (m: LiveMessage) => void) => {
      deliver = fn;
      return () => undefined;
    },
    onLink: () => () => undefined,
  } as unknown as LiveBus;
  const hub = new LiveHub(bus, {} as RootDb);
  const screen = (companyId: number, view?: Listener['view']) => {
    const sent: string[] = [];
    const socket = {
      OPEN: 1,
      readyState: 1,
      send: (f: string) => sent.push(f),
      close: () => undefined,
    } as unknown as WebSocket;
    hub.add({ socket, companyId, userId: 0, office: true, driverId: null, view });
    const frames = () =>
      sent.map((f) => JSON.parse(f) as { positions: { driverId: number; lat: number; recordedAt: string }[] });
    return { frames };
  };
  const fix = (companyId: number, driverId: number, lat: number, lng: number, second: number) =>
    deliver({
      companyId,
      seq: null,
      type: 'driver.positions',
      officeOnly: true,
      payload: {
        positions: [{ driverId, lat, lng, recordedAt: `2026-11-26T10:00:${String(second).padStart(2, '0')}Z` }],
      },
    });
  const flushed = () => new Promise((r) => setTimeout(r, 120));
  return { hub, screen, fix, flushed };
}

const london = { south: 51.3, west: -0.5, north: 51.7, east: 0.3 };

describe('positions sent to office screens', () => {
  it('sends each screen only the drivers in its view or followed by it, the newest fix of each', async () => {
    const { hub, screen, fix, flushed } = setUp();
    const everything = screen(1);
    const londonMap = screen(1, readMapView({ areas: [london] }));
    const trail = screen(1, readMapView({ areas: [], drivers: [8] }));
    const otherCompany = screen(2);
    fix(1, 7, 51.5, -0.1, 1);
    fix(1, 7, 51.51, -0.1, 3);
    fix(1, 7, 51.49, -0.1, 2); // arrives late: older than the one above, never shown
    fix(1, 8, 53.48, -2.24, 1); // Manchester
    await flushed();
    hub.close();
    expect(everything.frames()).toHaveLength(1);
    expect(everything.frames()[0]!.positions.map((p) => [p.driverId, p.lat])).toEqual([
      [7, 51.51],
      [8, 53.48],
    ]);
    expect(londonMap.frames().flatMap((f) => f.positions.map((p) => p.driverId))).toEqual([7]);
    expect(trail.frames().flatMap((f) => f.positions.map((p) => p.driverId))).toEqual([8]);
    expect(otherCompany.frames()).toEqual([]);
  });

  it('sends a screen whose view holds nobody no frame at all', async () => {
    const { hub, screen, fix, flushed } = setUp();
    const elsewhere = screen(1, readMapView({ areas: [{ south: 40, west: 2, north: 41, east: 3 }] }));
    fix(1, 7, 51.5, -0.1, 1);
    await flushed();
    hub.close();
    expect(elsewhere.frames()).toEqual([]);
  });

  it('reads a view across the antimeridian, and refuses a bad one naming the part', () => {
    const pacific = readMapView({ areas: [{ south: -20, west: 170, north: 0, east: -170 }] });
    expect(pacific?.areas).toHaveLength(1);
    expect(readMapView({ areas: null })).toBeNull();
    expect(() => readMapView({ areas: [{ south: 52, west: 0, north: 51, east: 1 }] })).toThrow(/areas\.0/);
    expect(() => readMapView({ areas: [], drivers: [1, 'x'] })).toThrow(/drivers\.1/);
    expect(() => readMapView({ areas: Array.from({ length: 21 }, () => london) })).toThrow(/at most 20/);
  });
});
