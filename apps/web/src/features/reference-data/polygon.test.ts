import { describe, expect, it } from 'vitest';
import {
  appendPoint,
  boundsOf,
  formatCoordinate,
  gridLines,
  insertAfter,
  type LatLng,
  midpoints,
  movePoint,
  niceStep,
  removeLast,
  removePoint,
  roundPoint,
  svgPath,
} from './polygon';

const square: LatLng[] = [
  [51.5, -0.2],
  [51.5, -0.1],
  [51.4, -0.1],
  [51.4, -0.2],
];

describe('editing an outline', () => {
  it('adds corners at the end, rounded to six decimals, without changing the original', () => {
    const start: LatLng[] = [[51.5, -0.1]];
    const next = appendPoint(start, [51.123456789, -0.987654321]);
    expect(next).toEqual([
      [51.5, -0.1],
      [51.123457, -0.987654],
    ]);
    expect(start).toHaveLength(1);
  });

  it('moves, inserts and removes corners by index', () => {
    expect(movePoint(square, 1, [51.6, -0.05])[1]).toEqual([51.6, -0.05]);
    expect(insertAfter(square, 0, [51.5, -0.15])).toEqual([square[0], [51.5, -0.15], ...square.slice(1)]);
    expect(insertAfter(square, 3, [51.45, -0.2])).toEqual([...square, [51.45, -0.2]]);
    expect(removePoint(square, 2)).toEqual([square[0], square[1], square[3]]);
    expect(removeLast(square)).toEqual(square.slice(0, 3));
    expect(removeLast([])).toEqual([]);
  });

  it('offers a handle on every edge, the closing edge included once it is a polygon', () => {
    expect(midpoints([])).toEqual([]);
    expect(midpoints([[51.5, -0.1]])).toEqual([]);
    expect(midpoints(square.slice(0, 2))).toEqual([{ index: 0, point: [51.5, -0.15000000000000002] }]);
    const handles = midpoints(square);
    expect(handles.map((h) => h.index)).toEqual([0, 1, 2, 3]);
    expect(handles[3]?.point[0]).toBeCloseTo(51.45);
    expect(handles[3]?.point[1]).toBeCloseTo(-0.2);
  });

  it('keeps longitudes on the map', () => {
    expect(roundPoint([10, 200])).toEqual([10, 180]);
  });
});

describe('framing and the coordinate grid', () => {
  it('finds the box around several outlines, or none', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([[], square, [[52, 0.5]]])).toEqual({ south: 51.4, west: -0.2, north: 52, east: 0.5 });
  });

  it('picks round grid steps', () => {
    expect(niceStep(0.6)).toBe(0.1);
    expect(niceStep(0.12)).toBe(0.02);
    expect(niceStep(30)).toBe(5);
    expect(niceStep(0)).toBe(1);
  });

  it('draws lines on round values inside the view', () => {
    const grid = gridLines({ south: 51.43, west: -0.31, north: 51.58, east: 0.02 });
    expect(grid.step).toBe(0.05);
    expect(grid.lats).toEqual([51.45, 51.5, 51.55]);
    expect(grid.lngs[0]).toBe(-0.3);
    expect(grid.lngs.at(-1)).toBe(0);
    expect(formatCoordinate(51.45, grid.step)).toBe('51.45');
    expect(formatCoordinate(-0.005, 0.005)).toBe('-0.005');
    expect(formatCoordinate(50, 10)).toBe('50');
  });

  it('draws a small preview path, north up', () => {
    const path = svgPath(square, 40, 2);
    expect(path.startsWith('M')).toBe(true);
    expect(path.endsWith('Z')).toBe(true);
    expect(path.split('L')).toHaveLength(4);
    expect(svgPath([[51, 0]], 40)).toBe('');
    // The northern edge is at the top: y of the first (north) corner is smaller than the third.
    const ys = [...path.matchAll(/[ML](\S+) (\S+)/g)].map((m) => Number(m[2]));
    expect(ys[0]).toBeLessThan(ys[2] ?? 0);
  });
});
