import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileUpload } from '@cabdesk/contract';
import { fieldError } from '../http/errors';

/** Where stored files live. The default keeps them in the data folder; another store can replace it. */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`bad file key ${key}`);
    return full;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

const signatures: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  [
    'image/webp',
    (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
  ['application/pdf', (b) => b.subarray(0, 5).toString('latin1') === '%PDF-'],
];

const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const labels: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

export const mimeOfKey = (key: string): string =>
  Object.entries(extensions).find(([, ext]) => key.endsWith(`.${ext}`))?.[0] ?? 'application/octet-stream';

/** The type the bytes really are: a declared type is never trusted. */
export function sniff(bytes: Buffer): string | null {
  return signatures.find(([, test]) => test(bytes))?.[0] ?? null;
}

const URL_LIFE_SECONDS = 3600;
/** Expiry is rounded up to this step so one file has one address for a while: the browser's cache
 * keeps a picture across list reloads, and two answers a moment apart are the same. */
const URL_EXPIRY_STEP_SECONDS = 900;

/**
 * Saves uploads (after checking their bytes) and hands out addresses that work for an hour:
 * `<img src>` cannot send a bearer token, so a file address carries its own signature.
 */
export class FileService {
  constructor(
    private readonly store: FileStore,
    private readonly secret: string,
  ) {}

  async save(companyId: number, folder: string, upload: FileUpload, field = 'file'): Promise<string> {
    const bytes = Buffer.from(upload.content, 'base64');
    const actual = sniff(bytes);
    if (!actual || actual !== upload.mimeType) {
      throw fieldError(`${field}.content`, `is not a real ${labels[upload.mimeType] ?? upload.mimeType} file`);
    }
    const key = `${companyId}/${folder}/${randomUUID()}.${extensions[actual]}`;
    await this.store.put(key, bytes);
    return key;
  }

  /** Bytes the product made itself (a document it rendered), stored as they are under a new key. */
  async saveMade(companyId: number, folder: string, bytes: Buffer, extension: string): Promise<string> {
    const key = `${companyId}/${folder}/${randomUUID()}.${extension}`;
    await this.store.put(key, bytes);
    return key;
  }

  read(key: string): Promise<Buffer | null> {
    return this.store.get(key);
  }

  remove(key: string): Promise<void> {
    return this.store.remove(key);
  }

  private sign(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url');
  }

  url(key: string | null | undefined): string | null {
    if (!key) return null;
    const earliest = Math.floor(Date.now() / 1000) + URL_LIFE_SECONDS;
    const expires = Math.ceil(earliest / URL_EXPIRY_STEP_SECONDS) * URL_EXPIRY_STEP_SECONDS;
    return `/files/${key}?exp=${expires}&sig=${this.sign(key, expires)}`;
  }

  verify(key: string, expires: number, signature: string): boolean {
    if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
