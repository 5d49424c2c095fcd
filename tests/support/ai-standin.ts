// A stand-in OpenAI-compatible chat-completions endpoint (external-services.md §5): POST /chat/completions
// with a bearer key answers a canned completion; the test chooses a valid or an invalid answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const AI_KEY = 'test-ai-key';

export const VALID_AI_REPORT = {
  overallScore: 88,
  bloomsLevel: 'analyze',
  strengths: ['Clear question'],
  improvements: ['Add an image'],
  accessibilityScore: 77,
  dimensions: { clarity: 90, feedback: 80, engagement: 70, cognitiveLevel: 85, accessibility: 77 },
};

export interface AiStandin {
  url: string;
  /** what the next completions answer with: an object (sent as JSON content), a raw string, or an HTTP status */
  answer: unknown;
  requests: { auth: string | undefined; body: any }[];
  close(): Promise<void>;
}

export async function startAiStandin(): Promise<AiStandin> {
  const state: AiStandin = { url: '', answer: VALID_AI_REPORT, requests: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
      let body: any = null;
      try {
        body = JSON.parse(raw);
      } catch {
        /* recorded as null */
      }
      state.requests.push({ auth: req.headers.authorization, body });
      if (req.headers.authorization !== `Bearer ${AI_KEY}`) return void res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":{"message":"bad key"}}');
      if (typeof state.answer === 'number') return void res.writeHead(state.answer).end();
      const content = typeof state.answer === 'string' ? state.answer : JSON.stringify(state.answer);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion', model: body?.model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise<void>((r) => server.close(() => r()));
  return state;
}
