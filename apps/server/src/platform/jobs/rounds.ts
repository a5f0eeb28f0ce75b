import type { Services } from '../services';

/**
 * Runs `round` every `intervalMs`, never two at once (a slow round makes the next one wait its turn);
 * a failed round is logged under `label`. Answers the stop function, which waits for a round under way.
 */
export function startRounds(
  services: Services,
  label: string,
  round: () => Promise<unknown>,
  intervalMs: number,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .catch((error: unknown) => services.log.error({ err: error }, `${label} failed`))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Plays a round's after-commit effects; one that fails is logged and does not stop the others. */
export async function runEffects(services: Services, label: string, effects: (() => unknown)[]): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      services.log.error({ err: error }, `${label}: after-commit effect failed`);
    }
  }
}
