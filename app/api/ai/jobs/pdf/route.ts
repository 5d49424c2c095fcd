import { jobViewSchema, pdfFields, submitPdf } from '@/lib/ai/jobs';
import { pdfRequestBody } from '@/lib/ai/media';
import { PDF_MAX_BYTES } from '@/lib/ai/sources';
import { AI_ERR, FILE_TOO_LARGE } from '@/lib/ai/errors';
import { readBodyBytes } from '@/lib/net/body';
import { AppError, validationMessage } from '@/lib/errors';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// One item from a PDF (feature pdf-to-h5p): multipart `file` (a PDF, at most 20 MB) with the generation fields and
// `pages` (like 1-3,5); the text is read now, the generation runs as a job (one AI credit).
export const POST = route(
  {
    action: 'start a PDF generation',
    auth: 'teacher',
    tier: 'AI',
    feature: 'pdf-to-h5p',
    rawBody: true,
    summary: 'One item from a PDF\'s pages as a job (pdf-to-h5p; one AI credit): the text is read with pdf.js (unpdf) at once, the generation is queued',
    tags: ['AI'],
    requestBody: pdfRequestBody,
    status: 202,
    response: jobViewSchema,
    message: true,
    errors: [AI_ERR.notAPdf, AI_ERR.pdfPages, AI_ERR.tooLarge, AI_ERR.pdfNoText, AI_ERR.notConfigured],
  },
  async (ctx) => {
    const type = ctx.req.headers.get('content-type') ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) throw new AppError(400, 'Validation error: send the PDF as multipart/form-data (field file)');
    const bytes = await readBodyBytes(ctx.req, PDF_MAX_BYTES + 64 * 1024);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
    } catch {
      throw new AppError(400, 'Validation error: the multipart body cannot be read');
    }
    const file = form.get('file');
    if (!(file instanceof Blob) || !file.size) throw new AppError(400, 'Validation error: file: a PDF is required');
    if (file.size > PDF_MAX_BYTES) throw new AppError(413, FILE_TOO_LARGE);
    const raw = Object.fromEntries([...form.entries()].filter(([k, v]) => k !== 'file' && typeof v === 'string'));
    const parsed = pdfFields.safeParse({ ...raw, ...(raw.questionCount ? { questionCount: Number(raw.questionCount) } : {}) });
    if (!parsed.success) throw new AppError(400, validationMessage(parsed.error));
    const job = await submitPdf(requireUser(ctx), new Uint8Array(await file.arrayBuffer()), parsed.data);
    return reply(job, { status: 202, message: 'Job queued' });
  },
);
