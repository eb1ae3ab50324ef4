// fetch with the bits the tests need: JSON in and out, and the `sid` cookie kept by hand.
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  sid: string | undefined;
  setCookie: string[];
}

export interface RequestOptions {
  json?: unknown;
  body?: RequestInit['body'];
  sid?: string;
  headers?: Record<string, string>;
}

export function makeClient(baseUrl: string) {
  // Tests read arbitrary JSON shapes; `any` keeps them short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return async function request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    if (options.sid) headers.cookie = `sid=${options.sid}`;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text)
      parsed = JSON.parse(text);
    const setCookie = response.headers.getSetCookie();
    const sidCookie = setCookie.find((c) => c.startsWith('sid='));
    const sid = sidCookie ? decodeURIComponent(sidCookie.slice(4).split(';')[0]) : undefined;
    return {
      status: response.status,
      headers: response.headers,
      body: parsed as T,
      text,
      sid,
      setCookie,
    };
  };
}

export type Client = ReturnType<typeof makeClient>;
