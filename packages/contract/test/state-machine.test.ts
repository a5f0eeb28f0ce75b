import { describe, expect, it } from 'vitest';
import { bookingMoves, bookingStatuses, canMove, dispatchTabs, finalStatuses, movesFrom } from '../src/index';

describe('the booking state machine', () => {
  it('never moves a booking out of a final status', () => {
    for (const status of finalStatuses) expect(movesFrom(status), status).toEqual([]);
  });

  it('walks a job from request to completion', () => {
    const path = ['confirm', 'offer', 'accept', 'start', 'arrive', 'board', 'complete'] as const;
    let status: (typeof bookingStatuses)[number] = 'pending';
    for (const move of path) {
      expect(canMove(status, move), `${status} → ${move}`).toBe(true);
      status = bookingMoves[move].to;
    }
    expect(status).toBe('completed');
  });

  it('refuses the moves that make no sense', () => {
    expect(canMove('completed', 'cancel')).toBe(false);
    expect(canMove('cancelled', 'allocate')).toBe(false);
    expect(canMove('pending', 'arrive')).toBe(false);
    expect(canMove('on_board', 'noShow')).toBe(false);
    expect(canMove('on_board', 'unallocate')).toBe(false);
  });

  it('puts every status in exactly one dispatch tab except quotes', () => {
    const tabbed = Object.values(dispatchTabs).flat();
    expect(new Set(tabbed).size).toBe(tabbed.length);
    expect(bookingStatuses.filter((s) => !(tabbed as string[]).includes(s))).toEqual(['quote']);
  });

  it('leads every non-final status somewhere', () => {
    for (const status of bookingStatuses) {
      if (!finalStatuses.includes(status)) expect(movesFrom(status).length, status).toBeGreaterThan(0);
    }
  });
});
