import type WebSocket from 'ws';
import { percentile, poster } from '../load';
import type { BenchContext } from './context';
import { connect, inBatches, liveSocketUrl } from './sockets';

export interface DriverPathOptions {
  drivers: number;
  boards: number;
  seconds: number;
  /** A fix a second, sent in one frame every this many seconds (the driver app's cadence on a job). */
  sendEverySeconds: number;
  /** The sign-in account of each driver, in the order of `ctx.driverIds`. */
  userIds: number[];
  /** The allocated jobs of each walking driver (the first drivers), in the order to walk them. */
  jobs: number[][];
  /** Seconds a walking driver spends between two steps, drawn evenly between the two. */
  pauseSeconds: readonly [number, number];
}

export interface DriverPathFigures {
  drivers: number;
  walkers: number;
  boards: number;
  seconds: number;
  sendEverySeconds: number;
  /** Points acknowledged as stored, per second, of the frames due within the measured window. */
  positionsPerSecond: number;
  /** Acknowledged frames per second (one per driver every `sendEverySeconds`). */
  framesPerSecond: number;
  framesDue: number;
  framesAcked: number;
  /** Frames due in the window that got neither an acknowledgement nor a refusal. */
  framesUnacknowledged: number;
  positionErrors: number;
  ackP50: number;
  ackP99: number;
  steps: number;
  stepsPerSecond: number;
  stepP50: number;
  stepP95: number;
  stepP99: number;
  /** Step calls answered with anything but 2xx (or not answered at all, counted under status 0). */
  stepErrors: number;
  stepErrorStatuses: Record<string, number>;
  journeysCompleted: number;
  deliveries: number;
  /** Board receptions expected (every board, every step that succeeded) that never came. */
  deliveriesMissing: number;
  deliveryP50: number;
  deliveryP99: number;
}

/** The journey a walker takes each job through, with the status each step leads to. */
const JOURNEY = [
  ['confirm', 'accepted'],
  ['start', 'on_route'],
  ['arrive', 'arrived'],
  ['board', 'on_board'],
  ['complete', 'completed'],
] as const;

/** How long after the window late acknowledgements and board events may still arrive. */
const GRACE_MS = 5000;
const TICK_MS = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Before measuring, one full cadence and a second: every driver has sent, every walker has stepped. */
const warmUpMs = (sendEverySeconds: number) => sendEverySeconds * 1000 + 1000;

/** Jobs each walker needs so it never runs out: one per five shortest pauses of warm-up and run, plus one. */
export const jobsPerWalker = (seconds: number, sendEverySeconds: number, shortestPauseSeconds: number) =>
  Math.ceil((warmUpMs(sendEverySeconds) + seconds * 1000) / (JOURNEY.length * shortestPauseSeconds * 1000)) + 1;

interface SentFrame {
  at: number;
  /** Due within the measured window, so it counts. */
  counted: boolean;
}

/**
 * The driver app's whole load at once: every driver on shift sends its fixes over its socket while
 * some of them walk jobs through the journey over HTTP, and dispatcher screens watch the board.
 *
 * Frames follow a fixed timeline (driver i's k-th frame is due at offset i/n of the cadence plus k
 * cadences), so the frames due in the window are known exactly; a frame sent late by a busy load
 * generator still counts, and "every fix stored" means every frame due got its acknowledgement.
 * Board delivery is measured from the moment a walker sent a step to the moment each board received
 * that booking's `booking.moved` into the step's status (one process, one clock).
 */
export async function driverPath(ctx: BenchContext, options: DriverPathOptions): Promise<DriverPathFigures> {
  const wsUrl = liveSocketUrl(ctx.appUrl);
  const driverIds = ctx.driverIds.slice(0, options.drivers);
  const cadenceMs = options.sendEverySeconds * 1000;
  const [pauseMinMs, pauseMaxMs] = options.pauseSeconds.map((v) => v * 1000) as [number, number];
  const pause = () => pauseMinMs + Math.random() * (pauseMaxMs - pauseMinMs);

  const stepSentAt = new Map<string, number>();
  const deliveries: number[] = [];
  const boards = await inBatches(options.boards, 25, () => connect(wsUrl, ctx.officeToken));
  for (const board of boards) {
    board.on('message', (raw) => {
      const text = String(raw);
      // Office screens also get every driver's position for the map; only events matter here.
      if (text.startsWith('{"type":"positions"')) return;
      const now = performance.now();
      const frame = JSON.parse(text) as { type: string; event?: string; payload?: { id: number; status: string } };
      if (frame.type !== 'event' || frame.event !== 'booking.moved' || !frame.payload) return;
      const sent = stepSentAt.get(`${frame.payload.id}:${frame.payload.status}`);
      if (sent !== undefined) deliveries.push(now - sent);
    });
  }

  const drivers = await inBatches(driverIds.length, 200, async (i) => {
    const driverId = driverIds[i]!;
    const token = await ctx.driverToken(driverId, options.userIds[i] ?? 0);
    return { driverId, token, socket: await connect(wsUrl, token) };
  });

  const t0 = performance.now();
  const windowStart = t0 + warmUpMs(options.sendEverySeconds);
  const windowEnd = windowStart + options.seconds * 1000;
  const counts = (t: number) => t >= windowStart && t < windowEnd;

  const outstanding = new Map<string, SentFrame>();
  const acks: number[] = [];
  let framesDue = 0;
  let framesAcked = 0;
  let stored = 0;
  let positionErrors = 0;
  const onDriverFrame = (raw: WebSocket.RawData) => {
    const text = String(raw);
    if (!text.startsWith('{"type":"positions.')) return;
    const frame = JSON.parse(text) as { type: string; id?: string; stored?: number };
    const sent = frame.id ? outstanding.get(frame.id) : undefined;
    if (!sent || !frame.id) return;
    outstanding.delete(frame.id);
    if (!sent.counted) return;
    if (frame.type === 'positions.error') positionErrors++;
    else {
      framesAcked++;
      stored += frame.stored ?? 0;
      acks.push(performance.now() - sent.at);
    }
  };
  for (const { socket } of drivers) socket.on('message', onDriverFrame);

  const tracks = drivers.map(({ driverId, socket }, i) => ({
    driverId,
    socket,
    lat: 51.4 + (i % 100) / 500,
    lng: -0.3 + Math.floor(i / 100) / 300,
    frame: 0,
    nextDue: t0 + (i / drivers.length) * cadenceMs,
  }));
  const sendFrame = (track: (typeof tracks)[number], due: number) => {
    const counted = counts(due);
    if (counted) framesDue++;
    if (track.socket.readyState !== track.socket.OPEN) return;
    // The fixes of the cadence up to the due moment, on the wall clock the server checks them against.
    const dueWall = performance.timeOrigin + due;
    const points = Array.from({ length: options.sendEverySeconds }, (_, k) => {
      track.lat += 0.0001;
      track.lng += 0.00007;
      return {
        lat: track.lat,
        lng: track.lng,
        speed: 11,
        heading: 45,
        recordedAt: new Date(dueWall - (options.sendEverySeconds - 1 - k) * 1000).toISOString(),
      };
    });
    const id = `${track.driverId}-${track.frame++}`;
    outstanding.set(id, { at: performance.now(), counted });
    track.socket.send(JSON.stringify({ type: 'positions', id, points }));
  };
  const ticker = setInterval(() => {
    const now = performance.now();
    for (const track of tracks) {
      while (track.nextDue <= now && track.nextDue < windowEnd) {
        sendFrame(track, track.nextDue);
        track.nextDue += cadenceMs;
      }
    }
  }, TICK_MS);

  const stepLatencies: number[] = [];
  const stepErrorStatuses: Record<string, number> = {};
  let stepsOk = 0;
  let journeysCompleted = 0;
  const walk = async (driver: (typeof drivers)[number], jobs: number[]) => {
    const call = poster(ctx.appUrl, driver.token);
    await sleep(Math.random() * pauseMaxMs);
    for (const bookingId of jobs) {
      for (const [step, status] of JOURNEY) {
        await sleep(pause());
        const started = performance.now();
        if (started >= windowEnd) return;
        // Steps of the warm-up move jobs on (and warm the road up) but are not measured.
        const measured = counts(started);
        const key = `${bookingId}:${status}`;
        if (measured) stepSentAt.set(key, started);
        const answer = await call('/Driver/UpdateBookingStatusForJourney', {
          id: bookingId,
          step,
          idempotencyKey: `bench-${bookingId}-${step}`,
        }).catch(() => ({ ok: false, status: 0 }));
        if (measured) stepLatencies.push(performance.now() - started);
        if (!answer.ok) {
          // A refused step moved nothing and announced nothing; the driver leaves this job.
          stepSentAt.delete(key);
          if (measured) stepErrorStatuses[answer.status] = (stepErrorStatuses[answer.status] ?? 0) + 1;
          break;
        }
        if (measured) stepsOk++;
        if (measured && step === 'complete') journeysCompleted++;
      }
    }
  };
  const walkers = options.jobs.slice(0, drivers.length);
  await Promise.all(walkers.map((jobs, w) => walk(drivers[w]!, jobs)));
  await sleep(windowEnd - performance.now());

  // Late acknowledgements and events still count within the grace; what has not come by then is missing.
  const graceEnd = performance.now() + GRACE_MS;
  const settled = () => framesAcked + positionErrors >= framesDue && deliveries.length >= stepsOk * boards.length;
  while (!settled() && performance.now() < graceEnd) await sleep(100);
  clearInterval(ticker);
  for (const { socket } of drivers) socket.close();
  for (const board of boards) board.close();

  const sortedSteps = stepLatencies.sort((a, b) => a - b);
  const sortedAcks = acks.sort((a, b) => a - b);
  const sortedDeliveries = deliveries.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  const stepErrors = Object.values(stepErrorStatuses).reduce((a, b) => a + b, 0);
  return {
    drivers: drivers.length,
    walkers: walkers.length,
    boards: boards.length,
    seconds: options.seconds,
    sendEverySeconds: options.sendEverySeconds,
    positionsPerSecond: Math.round(stored / options.seconds),
    framesPerSecond: Math.round(framesAcked / options.seconds),
    framesDue,
    framesAcked,
    framesUnacknowledged: framesDue - framesAcked - positionErrors,
    positionErrors,
    ackP50: round(percentile(sortedAcks, 50)),
    ackP99: round(percentile(sortedAcks, 99)),
    steps: sortedSteps.length,
    stepsPerSecond: Math.round(sortedSteps.length / options.seconds),
    stepP50: round(percentile(sortedSteps, 50)),
    stepP95: round(percentile(sortedSteps, 95)),
    stepP99: round(percentile(sortedSteps, 99)),
    stepErrors,
    stepErrorStatuses,
    journeysCompleted,
    deliveries: sortedDeliveries.length,
    deliveriesMissing: Math.max(0, stepsOk * boards.length - sortedDeliveries.length),
    deliveryP50: round(percentile(sortedDeliveries, 50)),
    deliveryP99: round(percentile(sortedDeliveries, 99)),
  };
}
