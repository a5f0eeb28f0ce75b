import WebSocket from 'ws';

/** The product's live socket address for an HTTP base address. */
export const liveSocketUrl = (appUrl: string) => `${appUrl.replace('http', 'ws')}/ws`;

/** Opens /ws, signs in with the first frame and resolves once the server said hello. */
export function connect(url: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket closed ${code}`)));
    socket.on('message', function first(raw) {
      const frame = JSON.parse(String(raw)) as { type: string };
      if (frame.type === 'hello') {
        socket.off('message', first);
        resolve(socket);
      }
    });
  });
}

/** Runs `make` for 0…count-1, `size` at a time, so thousands of sockets do not open in one burst. */
export async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  }
  return out;
}
