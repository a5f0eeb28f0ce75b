import { describe, expect, it } from 'vitest';
import { isPinKey, movePin } from './pin-keys';

describe('moving the pin with the keys', () => {
  const span = { lat: 0.04, lng: 0.08 };

  it('moves a fortieth of the visible map, north up, and a tenth with Shift', () => {
    expect(movePin([51.5, -0.1], 'ArrowUp', span)).toEqual([51.501, -0.1]);
    expect(movePin([51.5, -0.1], 'ArrowDown', span)).toEqual([51.499, -0.1]);
    expect(movePin([51.5, -0.1], 'ArrowRight', span)).toEqual([51.5, -0.098]);
    expect(movePin([51.5, -0.1], 'ArrowLeft', span, true)).toEqual([51.5, -0.108]);
  });

  it('stays on the earth', () => {
    expect(movePin([89.999, 0], 'ArrowUp', { lat: 10, lng: 10 })[0]).toBe(90);
    expect(movePin([0, 179.99], 'ArrowRight', { lat: 1, lng: 4 })[1]).toBeCloseTo(-179.91, 6);
  });

  it('knows which keys move it', () => {
    expect(isPinKey('ArrowUp')).toBe(true);
    expect(isPinKey('Enter')).toBe(false);
  });
});
