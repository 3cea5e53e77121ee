/**
 * The openai client's `timeout` only runs until the response headers arrive: a server that sends
 * its headers and then stalls on the body would hold a call forever. This fetch reads the whole
 * body before handing the response over, so the client's per-request timer (which aborts the
 * signal this fetch is given) covers the body too, and a stalled body is retried and reported
 * like any other timeout.
 */

/** Statuses whose responses may not carry a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export async function fetchWholeResponse(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  const body = await response.arrayBuffer();
  return new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
