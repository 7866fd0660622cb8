/** Asks the server which build it serves (`/version.json`, written by vite.config.ts). */
export async function fetchDeployedBuildId(
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  try {
    const response = await fetchImpl(`/version.json?t=${Date.now()}`, {
      cache: 'no-cache',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (
      typeof body === 'object' &&
      body !== null &&
      'buildId' in body &&
      typeof body.buildId === 'string'
    ) {
      return body.buildId;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * Every `intervalMs` compares the deployed build with the running one and calls
 * `onNewVersion` once when they differ. Returns a function that stops the checks.
 */
export function startVersionCheck(options: {
  currentBuildId: string;
  intervalMs: number;
  onNewVersion: () => void;
  fetchImpl?: typeof fetch;
}): () => void {
  let stopped = false;
  const timer = setInterval(() => {
    void fetchDeployedBuildId(options.fetchImpl).then((deployed) => {
      if (stopped || !deployed || deployed === options.currentBuildId) return;
      stopped = true;
      clearInterval(timer);
      options.onNewVersion();
    });
  }, options.intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
