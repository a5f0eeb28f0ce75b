import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { liveOfficePermissions } from '@cabdesk/contract';
import { AppError } from '../http/errors';
import { permits } from '../http/router';
import type { Services } from '../services';
import type { LiveHub, Listener } from './hub';
import { MapViewError, readMapView } from './map-view';

const AUTH_TIMEOUT_MS = 5000;
/**
 * Live sockets one user may hold on one process: every tab and phone of a person is far below it, a
 * runaway client or a script opening sockets in a loop is stopped at it.
 */
export const SOCKETS_PER_USER = 100;

/**
 * Where a driver's positions go (the tracking domain's writer): it answers how many points it stored,
 * or throws an AppError naming the bad field.
 */
export interface PositionSink {
  submit(companyId: number, driverId: number, points: readonly unknown[]): Promise<number>;
  drain(): Promise<void>;
}

interface ClientFrame {
  type?: string;
  token?: string;
  after?: number;
  /** The sender's name for a positions frame, echoed in the answer so the app can drop it from its queue. */
  id?: string;
  points?: unknown[];
  /** A view frame: the map areas a screen shows (null: every driver) and drivers it follows anywhere. */
  areas?: unknown;
  drivers?: unknown;
}

/**
 * GET /ws: the live channel. The first frame carries the access token ({type: 'auth', token}) —
 * not the address, which ends up in logs. Then {type: 'resume', after: seq} replays what a
 * reconnecting screen missed. Office screens (roles that read dispatch, bookings or chat) hear every
 * change of their company; a driver's app hears only what concerns that driver.
 *
 * A driver's app also sends its positions here ({type: 'positions', id, points}): the socket is open
 * anyway for offers, and a frame costs far less than an HTTP call with its token check. Each frame is
 * answered {type: 'positions.ack', id, stored} or {type: 'positions.error', id, field, message}, in the
 * order sent.
 *
 * An office map says what it shows ({type: 'view', areas: [{south, west, north, east}], drivers: [id]},
 * or areas: null for every driver again) and from then on hears only the positions of drivers inside
 * those areas or in that list; a bad view is answered {type: 'view.error', message} and changes nothing.
 */
export async function installLiveSocket(
  app: FastifyInstance,
  services: Services,
  hub: LiveHub,
  positions: PositionSink,
): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  app.addHook('onClose', () => positions.drain());
  // Dropped with the rest when the app closes (SessionRevocations.close).
  services.revocations.onRevoked((families) => hub.closeSessions(families));
  app.get('/ws', { websocket: true }, (socket: WebSocket) => {
    let listener: Listener | null = null;
    let remove: (() => void) | null = null;
    const timeout = setTimeout(() => !listener && socket.close(4401, 'sign in first'), AUTH_TIMEOUT_MS);
    const alive = { value: true };
    socket.on('pong', () => (alive.value = true));
    const heartbeat = setInterval(() => {
      if (!alive.value) return socket.terminate();
      alive.value = false;
      socket.ping();
    }, 30_000);

    // Frames of one socket are handled one after another, so a driver's points keep their order.
    let positionsChain: Promise<void> = Promise.resolve();
    const takePositions = (session: { companyId: number }, driverId: number, frame: ClientFrame) => {
      positionsChain = positionsChain.then(async () => {
        try {
          const stored = await positions.submit(session.companyId, driverId, frame.points ?? []);
          services.metrics.positions.inc(stored);
          socket.send(JSON.stringify({ type: 'positions.ack', id: frame.id ?? null, stored }));
        } catch (error) {
          const field = error instanceof AppError ? error.errors?.[0]?.field : undefined;
          const message = error instanceof AppError ? error.message : 'The positions could not be stored.';
          socket.send(JSON.stringify({ type: 'positions.error', id: frame.id ?? null, field, message }));
        }
      });
    };

    socket.on('message', async (raw) => {
      let frame: ClientFrame;
      try {
        frame = JSON.parse(String(raw)) as ClientFrame;
      } catch {
        return socket.close(4400, 'frames are JSON');
      }
      if (frame.type === 'auth' && !listener) {
        try {
          const session = await services.tokens.verifyAccess(String(frame.token ?? ''));
          const { ability } = await services.abilities.forSession(session);
          const office = liveOfficePermissions.some((p) => permits(ability, p));
          const driverId = session.kind === 'driver' ? session.personId : null;
          if (!office && !driverId) return socket.close(4403, 'nothing to hear for this role');
          if (hub.socketsOf(session.companyId, session.userId, session.personId) >= SOCKETS_PER_USER) {
            return socket.close(4429, `at most ${SOCKETS_PER_USER} live connections per user`);
          }
          // Where this screen starts; read before it is added, so a catch-up knows where it stood.
          const seq = await hub.latestSeq(session.companyId);
          listener = {
            socket,
            seq,
            companyId: session.companyId,
            userId: session.userId,
            personId: session.personId,
            office,
            driverId,
            familyId: session.familyId,
          };
          remove = hub.add(listener);
          clearTimeout(timeout);
          socket.send(JSON.stringify({ type: 'hello', seq }));
        } catch (error) {
          socket.close(4401, error instanceof AppError ? error.message : 'sign in again');
        }
        return;
      }
      if (frame.type === 'positions' && listener?.driverId) {
        takePositions(listener, listener.driverId, frame);
        return;
      }
      if (frame.type === 'view' && listener?.office) {
        try {
          listener.view = readMapView(frame);
        } catch (error) {
          if (!(error instanceof MapViewError)) throw error;
          socket.send(JSON.stringify({ type: 'view.error', message: error.message }));
        }
        return;
      }
      if (frame.type === 'resume' && listener && Number.isInteger(frame.after)) {
        await hub.replay(listener, Number(frame.after));
      }
    });
    socket.on('close', () => {
      clearTimeout(timeout);
      clearInterval(heartbeat);
      remove?.();
    });
  });
}
