// Polls `probe` until it returns a truthy value (which it answers) or the time is up: for
// integration tests waiting on what an event, a relay or another process does in the background.
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// Retries an assertion until it passes, rethrowing its last failure when the time is up: jest's
// counterpart of a polling expect (waitFor above waits for a value, this for an expectation).
export async function eventually<T>(
  assertion: () => Promise<T> | T,
  { timeout = 5_000, interval = 50 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}
