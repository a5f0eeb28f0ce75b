import { describe, expect, it } from 'vitest';
import { viewOf } from './live';

const london = { south: 51.3, west: -0.5, north: 51.7, east: 0.3 };

describe('the view a tab asks the server for', () => {
  it('is nothing when no screen listens to positions', () => {
    expect(viewOf([])).toEqual({ areas: [], drivers: [] });
  });

  it('joins the areas of maps and the drivers of trails', () => {
    expect(viewOf([{ areas: [london] }, { areas: [], drivers: [4, 9] }, { areas: [], drivers: [9] }])).toEqual({
      areas: [london],
      drivers: [4, 9],
    });
  });

  it('is every driver as soon as one screen wants them all', () => {
    expect(viewOf([{ areas: [london] }, { areas: null }])).toEqual({ areas: null, drivers: [] });
  });
});
