/** Spec §4: role setup is attempted twice, one second apart. */
export async function twoAttempts<T>(task: () => Promise<T>, delayMs = 1000): Promise<T> {
  try {
    return await task();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return task();
  }
}
