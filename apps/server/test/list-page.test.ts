import { describe, expect, it } from 'vitest';
import { ALL_DATA_LIMIT, HEAVY_ALL_DATA_LIMIT, listPage } from '../src/platform/http/list';

function source(n: number) {
  const all = Array.from({ length: n }, (_, i) => i);
  const calls: [number, number][] = [];
  return {
    calls,
    query: {
      count: async () => n,
      rows: async (limit: number, offset: number) => {
        calls.push([limit, offset]);
        return all.slice(offset, offset + limit);
      },
    },
  };
}

describe('listPage', () => {
  it('answers a small set whole in allData and the page in data, reading once', async () => {
    const s = source(25);
    const res = await listPage({ page: 1, perPage: 10 }, s.query);
    expect(res).toMatchObject({ total: 3, count: 25 });
    expect(res.data).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(res.allData).toHaveLength(25);
    expect(s.calls).toHaveLength(1);
  });

  it('never ships more than the bound for a large set', async () => {
    const s = source(ALL_DATA_LIMIT * 4);
    const res = await listPage({ page: 2, perPage: 50 }, s.query);
    expect(res.total).toBe(40);
    expect(res.data[0]).toBe(100);
    expect(res.allData).toEqual(res.data);
    const unpaged = await listPage({ page: 0, perPage: 0 }, s.query);
    expect(unpaged.data).toHaveLength(ALL_DATA_LIMIT);
    expect(unpaged.total).toBe(1);
  });

  it('reads only the page of a heavy list past its lower bound, the whole set within it', async () => {
    const s = source(HEAVY_ALL_DATA_LIMIT + 40);
    const res = await listPage({ page: 1, perPage: 25 }, s.query, HEAVY_ALL_DATA_LIMIT);
    expect(res).toMatchObject({ total: 6, count: HEAVY_ALL_DATA_LIMIT + 40 });
    expect(res.allData).toEqual(res.data);
    expect(s.calls).toEqual([[25, 25]]);
    const small = source(HEAVY_ALL_DATA_LIMIT);
    const whole = await listPage({ page: 3, perPage: 25 }, small.query, HEAVY_ALL_DATA_LIMIT);
    expect(whole.allData).toHaveLength(HEAVY_ALL_DATA_LIMIT);
    expect(whole.data[0]).toBe(75);
  });

  it('answers an empty set with no pages and no reads of rows', async () => {
    const s = source(0);
    expect(await listPage({ page: 0, perPage: 10 }, s.query)).toEqual({ data: [], allData: [], total: 0, count: 0 });
    expect(s.calls).toHaveLength(0);
  });
});
