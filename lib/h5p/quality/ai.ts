// The AI quality critic: an OpenAI-compatible chat-completions endpoint (config ai.apiUrl, ai.apiKey,
// ai.model), asked for JSON, with a bounded wait; the answer is validated with zod before use.
import { config } from '@/lib/config';
import { aiAnswerSchema, type QualityReport } from './schema';

export const AI_TIMEOUT_MS = 20_000;

export const aiConfigured = () => {
  const a = config().ai;
  return Boolean(a.apiUrl && a.apiKey && a.model);
};

const SYSTEM = `You are an expert instructional designer reviewing an H5P learning activity.
Answer with one JSON object and nothing else:
{"overallScore": 0-100, "bloomsLevel": "remember|understand|apply|analyze|evaluate|create",
 "strengths": [string], "improvements": [string], "accessibilityScore": 0-100,
 "dimensions": {"clarity": 0-100, "feedback": 0-100, "engagement": 0-100, "cognitiveLevel": 0-100, "accessibility": 0-100}}`;

export class AiCriticError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiCriticError';
  }
}

export async function aiReport(input: { title: string; mainLibrary: string; params: unknown; metadata: unknown }): Promise<QualityReport> {
  const { apiUrl, apiKey, model } = config().ai;
  const content = JSON.stringify({ title: input.title, contentType: input.mainLibrary, parameters: input.params }).slice(0, 60_000);
  let res: Response;
  try {
    res = await fetch(`${apiUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({
        model,
        temperature: 0.2,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content },
        ],
      }),
      signal: AbortSignal.timeout(AI_TIMEOUT_MS),
    });
  } catch (err) {
    throw new AiCriticError(`AI provider unreachable: ${(err as Error).message}`);
  }
  if (!res.ok) throw new AiCriticError(`AI provider answered ${res.status}`);
  let text: string;
  try {
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    text = body.choices?.[0]?.message?.content ?? '';
  } catch {
    throw new AiCriticError('AI provider answer is not JSON');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new AiCriticError('AI critic answer is not JSON');
  }
  const r = aiAnswerSchema.safeParse(parsed);
  if (!r.success) throw new AiCriticError(`AI critic answer does not match the schema: ${r.error.issues[0]?.message ?? ''}`);
  return { ...r.data, critic: 'ai' };
}
