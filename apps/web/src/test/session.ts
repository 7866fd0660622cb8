type FetchAnswer = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const SESSION_PARTS = {
  profile: '/api/v1/profile',
  employee: '/api/v1/profile/employee',
  company: '/api/v1/profile/company',
} as const;

/**
 * A route test's fetch stub answers profile, membership and company by their own routes; the app
 * asks them as one `GET /profile/session`. This answers that request from the stub's three
 * answers (a company it refuses is none, as for a super admin outside companies), so each test
 * keeps describing the session by its parts.
 */
export function withSession(answer: FetchAnswer): FetchAnswer {
  return async (input, init) => {
    if (String(input) !== '/api/v1/profile/session') return answer(input, init);
    const parts = await Promise.all(
      Object.entries(SESSION_PARTS).map(async ([part, url]) => {
        const response = await answer(url, { method: 'GET' });
        return [part, response.ok ? await response.json() : null] as const;
      }),
    );
    return new Response(JSON.stringify(Object.fromEntries(parts)), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}
