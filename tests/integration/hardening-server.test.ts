// Issue 7, request hardening on an instance of its own: body limits on /h5p/ajax (item 9), rate limits with
// Redis down (item 11) and slow clients timing out (item 12). The instance runs with REDIS_URL pointing at a
// closed port, without E2E_TEST_CODE, without a trusted proxy and with a short idle timeout.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, startApp, type AppProcess } from '../support/app-process';
import { appEnv } from '../support/global-setup';
import { signedIn } from '../support/factories';
import { api } from '../support/http';

const IDLE_MS = 1_500;
const MB = 1024 * 1024;
const FALLBACK_WARNING = 'rate limiter store unavailable: falling back to per-instance in-process limits';

let app: AppProcess;
let token: string;

beforeAll(async () => {
  const closed = await freePort();
  app = await startApp({
    ...appEnv(inject('idpUrl')),
    REDIS_URL: `redis://127.0.0.1:${closed}`,
    E2E_TEST_CODE: '',
    TRUST_PROXY: 'false',
    REQUEST_IDLE_TIMEOUT_MS: String(IDLE_MS),
  });
  token = (await signedIn(['teacher'])).token;
});

afterAll(async () => app?.stop());

const rssBytes = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${app.pid}/status`, 'utf8'))![1]) * 1024;

interface Streamed {
  status: number;
  body: string;
  /** bytes the client had written when the answer arrived */
  writtenAtResponse: number;
  peakRssGrowth: number;
}

/** Streams `total` bytes of form data (in 256 KB chunks) and stops writing as soon as the answer arrives. */
function streamPost(path: string, total: number, opts: { chunked: boolean; contentType: string; prefix?: string }): Promise<Streamed> {
  const base = rssBytes();
  let peak = base;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes());
    } catch {
      /* process gone */
    }
  }, 25);
  return new Promise<Streamed>((resolve, reject) => {
    let written = 0;
    let answered = false;
    const headers: Record<string, string | number> = { Authorization: `Bearer ${token}`, 'Content-Type': opts.contentType };
    if (!opts.chunked) headers['Content-Length'] = total;
    const req = http.request({ host: '127.0.0.1', port: app.port, method: 'POST', path, headers });
    req.on('response', (res) => {
      answered = true;
      const writtenAtResponse = written;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, rssBytes());
        req.destroy();
        resolve({ status: res.statusCode!, body, writtenAtResponse, peakRssGrowth: peak - base });
      });
    });
    req.on('error', (err) => {
      if (!answered) {
        clearInterval(sampler);
        reject(err);
      }
    });
    const chunk = Buffer.alloc(256 * 1024, 'x');
    const pump = () => {
      if (written === 0 && opts.prefix) {
        req.write(opts.prefix);
        written += opts.prefix.length;
      }
      // one chunk per turn of the event loop, so an early answer is seen as soon as it arrives (a tight loop
      // could hand all 30 MB to the socket before the response event runs, however early the server answered)
      if (answered) return;
      if (written >= total) return void req.end();
      const part = written + chunk.length > total ? chunk.subarray(0, total - written) : chunk;
      written += part.length;
      if (!req.write(part)) return void req.once('drain', pump);
      // a pause between chunks: on localhost the kernel takes 30 MB in a few ms, faster than a busy server's first
      // answer; at this pace the body takes over a second (a millisecond a chunk was too fast for a server
      // busy with the rest of the suite; 4 ms was too fast once the server drained a refused body instead of cutting
      // the connection), and an answer before its end is the server's doing
      setTimeout(pump, 10);
    };
    pump();
  });
}

/** 413 Request body too large, answered before the 30 MB were sent, and the server's memory did not follow. */
function expectRefusedEarly(res: Streamed) {
  expect(res.status, res.body).toBe(413);
  expect(JSON.parse(res.body)).toEqual({ success: false, error: 'Request body too large' });
  expect(res.writtenAtResponse).toBeLessThan(30 * MB);
  expect(res.peakRssGrowth).toBeLessThan(50 * MB);
}

describe('body limits on /h5p/ajax (item 9)', () => {
  beforeAll(async () => {
    // warm the route up (module loading grows the heap once)
    await api('POST', '/h5p/ajax?action=filter', { base: app.url, token, body: 'libraryParameters=%7B%7D', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  });

  it('a 30 MB form post with Content-Length answers 413 before the body is sent', async () => {
    const res = await streamPost('/h5p/ajax?action=filter', 30 * MB, { chunked: false, contentType: 'application/x-www-form-urlencoded', prefix: 'libraryParameters=' });
    expectRefusedEarly(res);
  });

  it('a 30 MB chunked form post (no Content-Length) answers 413 after at most the 10 MB limit, without buffering it all', async () => {
    const res = await streamPost('/h5p/ajax?action=filter', 30 * MB, { chunked: true, contentType: 'application/x-www-form-urlencoded', prefix: 'libraryParameters=' });
    expectRefusedEarly(res);
  });

  it('a 30 MB chunked JSON post answers 413 the same way', async () => {
    const res = await streamPost('/h5p/ajax?action=filter', 30 * MB, { chunked: true, contentType: 'application/json', prefix: '{"libraryParameters":"' });
    expectRefusedEarly(res);
  });

  it('a multipart post whose text fields exceed 10 MB answers 413 without buffering them all', async () => {
    const boundary = 'lumenboundary';
    const res = await streamPost('/h5p/ajax?action=filter', 30 * MB, {
      chunked: true,
      contentType: `multipart/form-data; boundary=${boundary}`,
      prefix: `--${boundary}\r\nContent-Disposition: form-data; name="libraryParameters"\r\n\r\n`,
    });
    expectRefusedEarly(res);
  });

  it('a 30 MB JSON API body with Content-Length answers 413 before the body is sent', async () => {
    const res = await streamPost('/api/collections', 30 * MB, { chunked: false, contentType: 'application/json', prefix: '{"title":"' });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ success: false, error: 'Request body too large' });
    expect(res.writtenAtResponse).toBeLessThan(30 * MB);
  });
});

describe('body limits on the fast lane (issue 26: POST /h5p/xapi/:id and the saved states skip Next.js)', () => {
  it('a 30 MB chunked statement batch answers 413 after at most the 10 MB limit, without buffering it all', async () => {
    const res = await streamPost('/h5p/xapi/any-content', 30 * MB, { chunked: true, contentType: 'text/plain;charset=UTF-8', prefix: '{"attempt":"' });
    expectRefusedEarly(res);
  });

  it('a 30 MB chunked saved state (POST /h5p/contentUserData, on the fast lane too) answers 413 after at most the 10 MB limit, without buffering it all', async () => {
    const res = await streamPost('/h5p/contentUserData/any-content/state/0', 30 * MB, { chunked: true, contentType: 'application/x-www-form-urlencoded', prefix: 'data=' });
    expectRefusedEarly(res);
  });

  it('a 30 MB statement batch with Content-Length answers 413 before the body is sent', async () => {
    const res = await streamPost('/h5p/xapi/any-content', 30 * MB, { chunked: false, contentType: 'text/plain;charset=UTF-8', prefix: '{"attempt":"' });
    expectRefusedEarly(res);
  });
});

describe('slow clients time out (item 12)', () => {
  /** Opens a connection, writes `data`, and resolves with the milliseconds until the server closes it. */
  const closedAfter = (data: string) =>
    new Promise<number>((resolve, reject) => {
      const t0 = Date.now();
      const socket = net.connect(app.port, '127.0.0.1', () => socket.write(data));
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Date.now() - t0));
      setTimeout(() => {
        socket.destroy();
        reject(new Error('the server kept a stalled connection open for 15 s'));
      }, 15_000).unref();
    });

  it('a client that sends headers and part of the body, then stalls, is disconnected after the idle timeout', async () => {
    const ms = await closedAfter(
      `POST /h5p/ajax?action=filter HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nlibraryParameters=abc',
    );
    expect(ms).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(ms).toBeLessThan(IDLE_MS + 5_000);
  });

  it('a client that stalls in the middle of its headers is disconnected after the idle timeout', async () => {
    const ms = await closedAfter('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(ms).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(ms).toBeLessThan(IDLE_MS + 5_000);
  });

  it('a slow but steady upload (a byte group every second) is not cut: only silence counts', async () => {
    const body = 'libraries%5B%5D=H5P.MultiChoice%201.16';
    const parts = [body.slice(0, 10), body.slice(10, 20), body.slice(20, 30), body.slice(30)];
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port: app.port,
        method: 'POST',
        path: '/h5p/ajax?action=libraries',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': body.length },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      let i = 0;
      const next = () => {
        req.write(parts[i++]);
        if (i < parts.length) setTimeout(next, 1_000);
        else req.end();
      };
      next();
    });
    expect(status).toBe(200);
  });
});

describe('rate limits with Redis down (item 11)', () => {
  it('the AUTH tier still answers 429 after 10 logins (per-instance limits) and the log says so once', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await api('POST', '/api/auth/login', { base: app.url, body: { email: 'nobody@example.test', password: 'x' } });
      expect(res.status, `login ${i}: ${res.text}`).toBe(401);
      expect(res.headers.get('ratelimit-limit')).toBe('10');
    }
    const limited = await api('POST', '/api/auth/login', { base: app.url, body: { email: 'nobody@example.test', password: 'x' } });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: 'Too many authentication attempts. Please try again later.' });
    expect(app.output().split(FALLBACK_WARNING).length - 1).toBe(1);
  });
});
