import WebSocket from 'ws';
import { percentile } from '../load';
import type { BenchContext } from './context';
import { connect, inBatches, liveSocketUrl } from './sockets';

export interface PositionFigures {
  drivers: number;
  mapClients: number;
  seconds: number;
  /** Positions the server acknowledged as stored, per second. */
  positionsPerSecond: number;
  /** Frames (one per driver every `sendEverySeconds`) per second over the drivers' sockets. */
  framesPerSecond: number;
  /** HTTP calls per second for positions: the driver app sends them over its socket. */
  httpCallsPerSecond: number;
  sendEverySeconds: number;
  ackP50: number;
  ackP99: number;
  deliveries: number;
  deliveryP50: number;
  deliveryP95: number;
  deliveryP99: number;
  errors: number;
  /** Per screen and second: frames and kilobytes a screen watching the whole city received. */
  cityFramesPerSecond: number;
  cityKBPerSecond: number;
  /** The same for a screen zoomed in on a district (a quarter of the city). */
  districtFramesPerSecond: number;
  districtKBPerSecond: number;
}

interface Options {
  drivers: number;
  mapClients: number;
  seconds: number;
  /** A fix a second, sent in one frame every this many seconds (the driver app's cadence on a job). */
  sendEverySeconds: number;
  /**
   * Several server processes: driver i connects to the i-th address in turn, screen j to the next
   * one after that, so a screen sees mostly drivers of the other process. Default: the context's one.
   */
  appUrls?: string[];
}

/**
 * Drivers on shift send a fix a second, in one frame every few seconds over the socket their app keeps
 * open for offers; map screens of the office receive the positions. Delivery is measured from the
 * moment a driver's frame left to the moment each map screen received that driver's newest point.
 */
export async function positionsIngest(ctx: BenchContext, options: Options): Promise<PositionFigures> {
  const wsUrls = (options.appUrls ?? [ctx.appUrl]).map(liveSocketUrl);
  const wsUrl = (i: number) => wsUrls[i % wsUrls.length]!;
  const driverIds = ctx.driverIds.slice(0, options.drivers);
  const sentAt = new Map<string, number>();
  const deliveries: number[] = [];
  const acks: number[] = [];
  let stored = 0;
  let frames = 0;
  let errors = 0;
  let measuring = false;

  const maps = await inBatches(options.mapClients, 25, (j) => connect(wsUrl(j + 1), ctx.officeToken));
  // Every other screen is a dispatcher zoomed in on one district; the rest watch the whole city.
  const received = maps.map((_, i) => ({ district: i % 2 === 1, frames: 0, bytes: 0 }));
  maps.forEach((map, i) => {
    const quarter = i % 4 === 1 ? 0 : 1;
    const area = received[i]!.district
      ? { south: 51.4 + quarter * 0.1, north: 51.5 + quarter * 0.1, west: -0.3, east: -0.1 }
      : { south: 51.3, north: 51.8, west: -0.4, east: 0.2 };
    map.send(JSON.stringify({ type: 'view', areas: [area], drivers: [] }));
  });
  maps.forEach((map, i) => {
    map.on('message', (raw) => {
      if (!measuring) return;
      const now = performance.now();
      received[i]!.frames++;
      received[i]!.bytes += (raw as Buffer).length;
      const frame = JSON.parse(String(raw)) as { type: string; positions?: { driverId: number; recordedAt: string }[] };
      if (frame.type !== 'positions') return;
      for (const p of frame.positions ?? []) {
        const at = sentAt.get(`${p.driverId}:${p.recordedAt}`);
        if (at !== undefined) deliveries.push(now - at);
      }
    });
  });

  const sockets = await inBatches(driverIds.length, 200, async (i) => {
    const driverId = driverIds[i]!;
    return { driverId, socket: await connect(wsUrl(i), await ctx.driverToken(driverId, 0)) };
  });
  const pending = new Map<string, number>();
  for (const { socket } of sockets) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { type: string; id?: string; stored?: number };
      if (frame.type !== 'positions.ack' && frame.type !== 'positions.error') return;
      const started = frame.id ? pending.get(frame.id) : undefined;
      if (frame.id) pending.delete(frame.id);
      if (!measuring) return;
      if (frame.type === 'positions.error') errors++;
      else stored += frame.stored ?? 0;
      if (started !== undefined) acks.push(performance.now() - started);
    });
  }

  // Each driver starts at its own moment within the cadence, as real phones do.
  const timers: NodeJS.Timeout[] = [];
  const tracks = sockets.map(({ driverId }, i) => ({
    driverId,
    lat: 51.4 + (i % 100) / 500,
    lng: -0.3 + Math.floor(i / 100) / 300,
    frame: 0,
  }));
  const send = (i: number) => {
    const track = tracks[i]!;
    const { socket } = sockets[i]!;
    if (socket.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    const points = Array.from({ length: options.sendEverySeconds }, (_, k) => {
      track.lat += 0.0001;
      track.lng += 0.00007;
      return {
        lat: track.lat,
        lng: track.lng,
        speed: 11,
        heading: 45,
        recordedAt: new Date(now - (options.sendEverySeconds - 1 - k) * 1000).toISOString(),
      };
    });
    const id = `${track.driverId}-${track.frame++}`;
    const started = performance.now();
    pending.set(id, started);
    sentAt.set(`${track.driverId}:${points[points.length - 1]!.recordedAt}`, started);
    if (measuring) frames++;
    socket.send(JSON.stringify({ type: 'positions', id, points }));
  };
  tracks.forEach((_, i) => {
    const offset = (i / tracks.length) * options.sendEverySeconds * 1000;
    timers.push(
      setTimeout(() => {
        send(i);
        timers.push(setInterval(() => send(i), options.sendEverySeconds * 1000));
      }, offset),
    );
  });

  // Warm up one full cadence, then measure.
  await new Promise((r) => setTimeout(r, options.sendEverySeconds * 1000 + 1000));
  measuring = true;
  await new Promise((r) => setTimeout(r, options.seconds * 1000));
  measuring = false;
  for (const t of timers) clearTimeout(t);
  for (const { socket } of sockets) socket.close();
  for (const map of maps) map.close();

  const sortedDeliveries = deliveries.sort((a, b) => a - b);
  const sortedAcks = acks.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  const perScreen = (district: boolean, of: 'frames' | 'bytes') => {
    const screens = received.filter((r) => r.district === district);
    const total = screens.reduce((sum, r) => sum + r[of], 0);
    return screens.length ? total / screens.length / options.seconds / (of === 'bytes' ? 1024 : 1) : 0;
  };
  return {
    drivers: sockets.length,
    mapClients: maps.length,
    seconds: options.seconds,
    positionsPerSecond: Math.round(stored / options.seconds),
    framesPerSecond: Math.round(frames / options.seconds),
    httpCallsPerSecond: 0,
    sendEverySeconds: options.sendEverySeconds,
    ackP50: round(percentile(sortedAcks, 50)),
    ackP99: round(percentile(sortedAcks, 99)),
    deliveries: sortedDeliveries.length,
    deliveryP50: round(percentile(sortedDeliveries, 50)),
    deliveryP95: round(percentile(sortedDeliveries, 95)),
    deliveryP99: round(percentile(sortedDeliveries, 99)),
    errors,
    cityFramesPerSecond: round(perScreen(false, 'frames')),
    cityKBPerSecond: round(perScreen(false, 'bytes')),
    districtFramesPerSecond: round(perScreen(true, 'frames')),
    districtKBPerSecond: round(perScreen(true, 'bytes')),
  };
}
