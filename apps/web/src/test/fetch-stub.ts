import { vi } from 'vitest';

/**
 * Answers GET calls of a component test by path with the API's success envelope (unknown paths: an
 * empty list). Component tests only; the app itself always talks to the real server.
 */
export function stubApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname + url.search);
      const data = answers[url.pathname.replace(/^\/api/, '')] ?? [];
      return new Response(JSON.stringify({ result: 'success', data, errorMessage: null, errorCode: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
