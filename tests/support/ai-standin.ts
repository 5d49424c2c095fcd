// A stand-in OpenAI-compatible chat-completions endpoint (external-services.md §5): POST /chat/completions
// with a bearer key. It answers a canned completion the test chooses, or (answer 'auto', for generation) JSON
// shaped for the requested schema (response_format.json_schema.name) and derived from the prompt; on demand the
// next answers are invalid JSON, off-schema, slow, or a 429 / 500.
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
  /** the next `count` answers: an HTTP status (429, 500 …), 'invalid-json', or 'off-schema' (valid JSON, wrong shape) */
  failNext(kind: number | 'invalid-json' | 'off-schema', count?: number): void;
  /** every answer waits this long first */
  delayMs: number;
  /** what POST /audio/transcriptions answers (verbose_json segments) */
  segments: { start: number; end: number; text: string }[];
  /** the transcription requests: the model asked for and the bytes of the multipart body */
  transcriptions: { auth: string | undefined; model: string | null; bytes: number }[];
  close(): Promise<void>;
}

/** The user message's text (a string, or the text parts of a multi-part message). */
function userText(body: any): string {
  const m = (body?.messages ?? []).filter((x: any) => x.role === 'user').at(-1);
  if (!m) return '';
  return typeof m.content === 'string' ? m.content : (m.content ?? []).filter((c: any) => c.type === 'text').map((c: any) => c.text).join('\n');
}

/** Schema-shaped JSON for a generation request, derived from its prompt (the topic, the count, a transcript's times). */
export function generatedAnswer(name: string, prompt: string): unknown {
  const topic = /Topic: (.+)/.exec(prompt)?.[1]?.trim() ?? (/<source>\n([^\n]{0,60})/.exec(prompt)?.[1] ?? 'the source').trim();
  const n = Math.max(
    1,
    Math.min(20, Number(/(\d+) (?:sentences|key words|words|questions|flash cards|groups|panels|slides|multiple-choice|hotspots|decision steps)/.exec(prompt)?.[1] ?? 3)),
  );
  const words = Array.from({ length: n }, (_, i) => `word${i + 1}`);
  const range = (k: number) => Array.from({ length: k }, (_, i) => i);
  const choice = (i: number) => ({
    question: `Question ${i + 1}: which statement about ${topic} is correct?`,
    answers: [
      { text: `${topic} fact ${i + 1}`, correct: true, feedback: 'Yes: that is it.' },
      { text: `${topic} myth ${i + 1}`, correct: false, feedback: 'Not quite.' },
    ],
  });
  switch (name) {
    case 'H5P_MultiChoice':
      return {
        title: `Quiz: ${topic}`,
        question: `Which statement about ${topic} is correct?`,
        answers: [
          { text: `${topic} is the right answer`, correct: true, feedback: 'Yes: that is it.' },
          { text: `${topic} is a wrong answer`, correct: false, feedback: 'Not quite.' },
          { text: 'Neither', correct: false, feedback: 'Look again.' },
        ],
      };
    case 'H5P_TrueFalse':
      return { title: `True or false: ${topic}`, statement: `${topic} is worth learning.`, isTrue: true };
    case 'H5P_Blanks':
      return { title: `Fill in: ${topic}`, instructions: `Complete the sentences about ${topic}.`, sentences: words.map((w, i) => `Sentence ${i + 1} about ${topic} has *${w}* in it.`) };
    case 'H5P_DragText':
    case 'H5P_MarkTheWords':
      return { title: `${name === 'H5P_DragText' ? 'Drag the words' : 'Mark the words'}: ${topic}`, instructions: `Work with the text about ${topic}.`, text: words.map((w) => `About ${topic} there is *${w}*.`).join(' ') };
    case 'H5P_SingleChoiceSet':
      return { title: `Single choice: ${topic}`, questions: range(n).map((i) => ({ question: `Question ${i + 1} about ${topic}?`, correct: `Right ${i + 1}`, wrong: [`Wrong ${i + 1}a`, `Wrong ${i + 1}b`] })) };
    case 'H5P_QuestionSet':
      return { title: `Question set: ${topic}`, introduction: `A short quiz about ${topic}.`, questions: range(n).map(choice) };
    case 'H5P_Dialogcards':
      return { title: `Cards: ${topic}`, description: `Turn the cards about ${topic}.`, cards: range(n).map((i) => ({ front: `Term ${i + 1} of ${topic}`, back: `Meaning ${i + 1}`, tip: `Think of ${i + 1}` })) };
    case 'H5P_Summary':
      return { title: `Summary: ${topic}`, intro: `Choose the correct statements about ${topic}.`, statements: range(n).map((i) => ({ correct: `${topic} true ${i + 1}`, wrong: [`${topic} false ${i + 1}`], tip: 'Read again.' })) };
    case 'H5P_Accordion':
      return { title: `Explained: ${topic}`, panels: range(n).map((i) => ({ heading: `Part ${i + 1}`, text: `What part ${i + 1} of ${topic} is about.` })) };
    case 'H5P_CoursePresentation':
      return {
        title: `Slides: ${topic}`,
        slides: range(n).map((i) => ({ heading: `Slide ${i + 1}`, text: `Slide ${i + 1} explains ${topic}.`, ...(i % 2 === 1 ? { question: choice(i) } : {}) })),
      };
    case 'H5P_InteractiveVideo': {
      // the questions go right after the transcript's lines ([m:ss] text), in turn
      const times = [...prompt.matchAll(/^\[(\d+):(\d{2})\] /gm)].map((m) => Number(m[1]) * 60 + Number(m[2]));
      return { title: `Video quiz: ${topic}`, questions: range(n).map((i) => ({ ...choice(i), atSeconds: (times[i % Math.max(1, times.length)] ?? i * 10) + 2 })) };
    }
    case 'H5P_ImageHotspots':
      return {
        title: `Hotspots: ${topic}`,
        altText: 'The picture to explore',
        hotspots: range(n).map((i) => ({ x: 10 + ((i * 17) % 80), y: 15 + ((i * 23) % 70), header: `Spot ${i + 1}`, text: `What spot ${i + 1} shows.` })),
      };
    case 'H5P_BranchingScenario':
      return {
        title: `Scenario: ${topic}`,
        introduction: `Decide your way through ${topic}.`,
        steps: range(n).map((i) => ({
          situation: `Situation ${i + 1} in ${topic}.`,
          question: `What do you do at step ${i + 1}?`,
          options: [
            { text: `Good choice ${i + 1}`, feedback: 'That works.', continues: true, score: 10 },
            { text: `Poor choice ${i + 1}`, feedback: 'That ends badly.', continues: false, score: 0 },
          ],
        })),
        ending: `You made it through ${topic}.`,
      };
    case 'recommendations': {
      // the candidates are the source data: rank the first three (and make one up, which the tool must drop)
      const source = /<source>\n([\s\S]*)\n<\/source>/.exec(prompt)?.[1] ?? '[]';
      const candidates = JSON.parse(source) as { contentId: string; title: string }[];
      return {
        recommendations: [
          { contentId: 'made-up-id', reason: 'Not a candidate.' },
          ...candidates.slice(0, 3).map((c) => ({ contentId: c.contentId, reason: `Fits: ${c.title}` })),
        ],
      };
    }
    case 'blooms_critique':
      return {
        bloomsLevel: 'remember',
        explanation: 'The question asks learners to recall a fact.',
        suggestions: [{ issue: 'Recall only', rewrite: 'Explain why the right answer is right.', targetLevel: 'understand' }],
      };
    default:
      return VALID_AI_REPORT;
  }
}

/** Starts the stand-in on 127.0.0.1 (a free port, or `opts.port` when a test needs a fixed address). */
export async function startAiStandin(opts: { port?: number } = {}): Promise<AiStandin> {
  const failures: { kind: number | 'invalid-json' | 'off-schema'; count: number }[] = [];
  const state: AiStandin = {
    url: '',
    answer: VALID_AI_REPORT,
    requests: [],
    delayMs: 0,
    segments: [
      { start: 0, end: 4.5, text: 'Welcome to this lesson on the water cycle.' },
      { start: 4.5, end: 12, text: 'The sun heats water in the oceans and it evaporates.' },
      { start: 12, end: 21, text: 'The vapour cools and condenses into clouds.' },
      { start: 21, end: 30, text: 'Rain falls and rivers carry the water back to the sea.' },
    ],
    transcriptions: [],
    failNext: (kind, count = 1) => void failures.push({ kind, count }),
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => void answer());
    const answer = async () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
        state.transcriptions.push({ auth: req.headers.authorization, model: /name="model"\r\n\r\n([^\r]*)/.exec(raw)?.[1] ?? null, bytes: raw.length });
        if (req.headers.authorization !== `Bearer ${AI_KEY}`) return void res.writeHead(401).end();
        const failure = failures[0];
        if (failure) {
          if (--failure.count <= 0) failures.shift();
          if (typeof failure.kind === 'number') return void res.writeHead(failure.kind, { 'Content-Type': 'application/json' }).end('{"error":{"message":"injected"}}');
          return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"text":"no segments"}');
        }
        const text = state.segments.map((x) => x.text).join(' ');
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ task: 'transcribe', language: 'english', duration: state.segments.at(-1)?.end ?? 0, text, segments: state.segments.map((x, id) => ({ id, ...x })) }));
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
      let body: any = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        /* recorded as null */
      }
      state.requests.push({ auth: req.headers.authorization, body });
      if (req.headers.authorization !== `Bearer ${AI_KEY}`) return void res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":{"message":"bad key"}}');
      const failure = failures[0];
      if (failure) {
        if (--failure.count <= 0) failures.shift();
        if (typeof failure.kind === 'number') return void res.writeHead(failure.kind, { 'Content-Type': 'application/json' }).end('{"error":{"message":"injected"}}');
      }
      if (typeof state.answer === 'number') return void res.writeHead(state.answer).end();
      const name = String(body?.response_format?.json_schema?.name ?? '');
      const content =
        failure?.kind === 'invalid-json'
          ? '{"title": "cut off'
          : failure?.kind === 'off-schema'
            ? JSON.stringify({ unexpected: true })
            : state.answer === 'auto'
              ? JSON.stringify(generatedAnswer(name, userText(body)))
              : typeof state.answer === 'string'
                ? state.answer
                : JSON.stringify(state.answer);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion', model: body?.model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] }),
      );
    };
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise<void>((r) => server.close(() => r()));
  return state;
}
