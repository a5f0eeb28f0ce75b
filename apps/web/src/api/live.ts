import { refreshOnce } from './client';
import { storage } from './session';

export interface LiveEvent {
  seq: number | null;
  event: string;
  payload: Record<string, unknown>;
}

export interface LivePosition {
  driverId: number;
  lat: number;
  lng: number;
  heading?: number | null;
  speed?: number | null;
  bookingId?: number | null;
  recordedAt: string;
}

export type LiveState = 'connecting' | 'live' | 'offline';

export interface MapArea {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * What a screen wants to hear of the drivers' positions: the map areas it shows (null: every driver)
 * and drivers it follows wherever they are. The channel tells the server the union of all of them,
 * so a map hears only the drivers it shows.
 */
export interface PositionInterest {
  areas: MapArea[] | null;
  drivers?: number[];
}

/** The server's view frame for a set of interests: nobody listening hears nothing. */
export function viewOf(interests: Iterable<PositionInterest>): { areas: MapArea[] | null; drivers: number[] } {
  const areas: MapArea[] = [];
  const drivers = new Set<number>();
  for (const interest of interests) {
    if (interest.areas === null) return { areas: null, drivers: [] };
    areas.push(...interest.areas);
    for (const d of interest.drivers ?? []) drivers.add(d);
  }
  return { areas: areas.slice(0, 20), drivers: [...drivers].slice(0, 500) };
}

type Listener<T> = (value: T) => void;

/**
 * The live channel to the server: signs in with the access token, reconnects with a growing pause
 * when the network drops, and on reconnecting asks for the changes it missed (or, when it missed
 * too many, tells the screens to reload their data).
 */
class LiveChannel {
  private socket: WebSocket | null = null;
  private seq = 0;
  private attempts = 0;
  private stopped = true;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly eventListeners = new Set<Listener<LiveEvent>>();
  private readonly positionListeners = new Map<Listener<LivePosition[]>, PositionInterest>();
  private sentView = '';
  private viewTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly stateListeners = new Set<Listener<LiveState>>();
  private readonly reloadListeners = new Set<Listener<void>>();
  private readonly positionAcks = new Map<string, (stored: boolean) => void>();
  private frameId = 0;
  state: LiveState = 'offline';

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = null;
    this.setState('offline');
  }

  private setState(state: LiveState): void {
    this.state = state;
    for (const l of this.stateListeners) l(state);
  }

  private open(): void {
    const token = storage.accessToken;
    if (!token || this.stopped) return;
    this.setState('connecting');
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    const sent = storage.accessToken;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: sent }));
    socket.onmessage = (message) => this.receive(JSON.parse(String(message.data)) as Record<string, unknown>);
    socket.onclose = (close) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setState('offline');
      if (this.stopped || close.code === 4403) return;
      if (close.code === 4401) {
        // The token expired (a tab left open, a page opened after a pause): renew it and come straight back.
        refreshOnce(sent).then(
          (renewed) => {
            if (renewed && !this.stopped) this.open();
          },
          // The server could not renew it just now: try again as after any lost connection.
          () => this.retryLater(),
        );
        return;
      }
      this.retryLater();
    };
  }

  private retryLater(): void {
    if (this.stopped) return;
    const delay = Math.min(30_000, 500 * 2 ** this.attempts++);
    this.timer = setTimeout(() => this.open(), delay);
  }

  private receive(frame: Record<string, unknown>): void {
    switch (frame.type) {
      case 'hello': {
        const latest = Number(frame.seq) || 0;
        if (this.seq > 0 && latest > this.seq) this.socket?.send(JSON.stringify({ type: 'resume', after: this.seq }));
        else this.seq = latest;
        this.attempts = 0;
        this.setState('live');
        this.sentView = '';
        this.sendView();
        return;
      }
      case 'event': {
        const event = {
          seq: (frame.seq as number) ?? null,
          event: String(frame.event),
          payload: frame.payload as Record<string, unknown>,
        };
        if (event.seq) this.seq = Math.max(this.seq, event.seq);
        for (const l of this.eventListeners) l(event);
        return;
      }
      case 'positions':
        for (const l of this.positionListeners.keys()) l(frame.positions as LivePosition[]);
        return;
      case 'positions.ack':
      case 'positions.error': {
        const id = String(frame.id);
        this.positionAcks.get(id)?.(frame.type === 'positions.ack');
        this.positionAcks.delete(id);
        return;
      }
      case 'reload':
        this.seq = Number(frame.seq) || this.seq;
        for (const l of this.reloadListeners) l();
        return;
    }
  }

  /**
   * A driver's app sends its positions over the open socket: true once the server stored them, false
   * when the socket is not live, the server refused them, or no answer came within the wait.
   */
  sendPositions(points: readonly Omit<LivePosition, 'driverId' | 'bookingId'>[], waitMs = 10_000): Promise<boolean> {
    const socket = this.socket;
    if (!socket || this.state !== 'live' || socket.readyState !== WebSocket.OPEN) return Promise.resolve(false);
    const id = `p${++this.frameId}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.positionAcks.delete(id);
        resolve(false);
      }, waitMs);
      this.positionAcks.set(id, (stored) => {
        clearTimeout(timer);
        resolve(stored);
      });
      socket.send(JSON.stringify({ type: 'positions', id, points }));
    });
  }

  onEvent(listener: Listener<LiveEvent>): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Hears the positions of the drivers `interest` covers (and perhaps others: filter if it matters). */
  onPositions(listener: Listener<LivePosition[]>, interest: PositionInterest = { areas: null }): () => void {
    this.positionListeners.set(listener, interest);
    this.viewChanged();
    return () => {
      this.positionListeners.delete(listener);
      this.viewChanged();
    };
  }

  /** A map pans and zooms in bursts: the server hears the settled view. */
  private viewChanged(): void {
    if (this.viewTimer) clearTimeout(this.viewTimer);
    this.viewTimer = setTimeout(() => this.sendView(), 150);
  }

  private sendView(): void {
    const socket = this.socket;
    if (!socket || this.state !== 'live' || socket.readyState !== WebSocket.OPEN) return;
    const view = JSON.stringify({ type: 'view', ...viewOf(this.positionListeners.values()) });
    if (view === this.sentView) return;
    this.sentView = view;
    socket.send(view);
  }

  onState(listener: Listener<LiveState>): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onReload(listener: Listener<void>): () => void {
    this.reloadListeners.add(listener);
    return () => this.reloadListeners.delete(listener);
  }
}

export const live = new LiveChannel();
