import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';

/**
 * A live change on its way to open screens. `seq` is the stored event's id (null for positions,
 * which are never replayed); `driverId` set means only that driver's app and the office receive it.
 */
export interface LiveMessage {
  companyId: number;
  seq: number | null;
  type: string;
  payload: Record<string, unknown>;
  driverId?: number | null;
  /** Office screens only (the driver app never sees it). */
  officeOnly?: boolean;
}

/** A note from one server process to every process (this one included), never to a screen. */
export interface ProcessSignal {
  topic: string;
  payload: Record<string, unknown>;
}

export interface LiveBus {
  publish(message: LiveMessage): Promise<void>;
  subscribe(listener: (message: LiveMessage) => void): () => void;
  /** Tells every server process, this one included (a session revoked, rules changed). */
  signal(signal: ProcessSignal): Promise<void>;
  onSignal(topic: string, listener: (payload: Record<string, unknown>) => void): () => void;
  /**
   * Hears when the link between processes goes down (false) and comes back (true): changes made
   * meanwhile on other processes reached no screen here, so screens catch up from the stored events.
   */
  onLink(listener: (up: boolean) => void): () => void;
  close(): Promise<void>;
}

/** One server process: messages go straight to its own sockets. */
export class InProcessBus implements LiveBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(message: LiveMessage): Promise<void> {
    this.emitter.emit('message', message);
  }

  subscribe(listener: (message: LiveMessage) => void): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }

  async signal(signal: ProcessSignal): Promise<void> {
    this.emitter.emit(`signal:${signal.topic}`, signal.payload);
  }

  onSignal(topic: string, listener: (payload: Record<string, unknown>) => void): () => void {
    this.emitter.on(`signal:${topic}`, listener);
    return () => this.emitter.off(`signal:${topic}`, listener);
  }

  onLink(listener: (up: boolean) => void): () => void {
    this.emitter.on('link', listener);
    return () => this.emitter.off('link', listener);
  }

  /** Tells the link's listeners (RedisBus uses its local bus for it). */
  link(up: boolean): void {
    this.emitter.emit('link', up);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Several server processes: every message goes through Redis pub/sub, so a booking changed on one
 * process reaches the screens connected to another.
 */
export class RedisBus implements LiveBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local = new InProcessBus();

  private readonly channel: string;
  private readonly signalChannel: string;

  /** `namespace` keeps installations that share a Redis apart (one per database). */
  constructor(url: string, log: Logger, namespace: string) {
    this.channel = `cabdesk:live:${namespace}`;
    this.signalChannel = `cabdesk:signal:${namespace}`;
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: false });
    for (const client of [this.pub, this.sub]) client.on('error', (err) => log.warn({ err }, 'redis'));
    void this.sub.subscribe(this.channel, this.signalChannel);
    // ioredis connects again by itself and subscribes again; the screens here then catch up.
    let down = false;
    this.sub.on('close', () => {
      if (down) return;
      down = true;
      log.warn('Redis is away: live changes reach only the screens of the process that made them until it is back');
      this.local.link(false);
    });
    this.sub.on('ready', () => {
      if (!down) return;
      down = false;
      log.warn('Redis is back: screens catch up on the changes made meanwhile');
      this.local.link(true);
    });
    this.log = log;
    this.sub.on('message', (channel, raw: string) => {
      try {
        if (channel === this.signalChannel) void this.local.signal(JSON.parse(raw) as ProcessSignal);
        else void this.local.publish(JSON.parse(raw) as LiveMessage);
      } catch (err) {
        log.warn({ err }, 'unreadable message between processes');
      }
    });
  }

  /** Resolves once the subscription is in place (a test publishes right after). */
  async ready(): Promise<void> {
    if (this.sub.status !== 'ready') await new Promise((r) => this.sub.once('ready', r));
    // subscribe() was issued in the constructor; a round trip makes sure it has been processed.
    await this.pub.ping();
  }

  private readonly log: Logger;

  /** Without Redis a change still reaches this process's screens; the others catch up later. */
  async publish(message: LiveMessage): Promise<void> {
    try {
      await this.pub.publish(this.channel, JSON.stringify(message));
    } catch (err) {
      this.log.debug({ err }, 'live change delivered here only');
      await this.local.publish(message);
    }
  }

  subscribe(listener: (message: LiveMessage) => void): () => void {
    return this.local.subscribe(listener);
  }

  async signal(signal: ProcessSignal): Promise<void> {
    await this.pub.publish(this.signalChannel, JSON.stringify(signal));
  }

  onSignal(topic: string, listener: (payload: Record<string, unknown>) => void): () => void {
    return this.local.onSignal(topic, listener);
  }

  onLink(listener: (up: boolean) => void): () => void {
    return this.local.onLink(listener);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
    await this.local.close();
  }
}
