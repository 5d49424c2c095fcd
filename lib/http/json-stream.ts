// A success envelope whose `data` array is written while its items are read: `{"success":true,"data":[` first,
// then each batch of items as it arrives, then `]` and the members that follow data (a total counted on the way).
// The bytes are those jsonResponse writes for the same envelope (JSON.stringify of { success, data, ...extra }),
// but the server never holds more than a batch: a list of any length answers in constant memory, and its first
// items leave before the last are read.
//
// The batches are pulled: the next is read only when the previous one has been taken by the response (the server
// waits for the socket to drain), so a slow client slows the reading instead of filling memory; a client that goes
// away stops it. The first batch is read before the answer starts, so a refusal or a failure there is an ordinary
// error envelope; a failure after the answer has started aborts the response (the client sees a cut-off body,
// never a complete-looking list) and is logged.
import type { ZodType } from 'zod';
import { config } from '@/lib/config';
import { log } from '@/lib/log';

export interface StreamedEnvelope {
  /** the batches of the data array, in order */
  batches: AsyncGenerator<unknown[], void>;
  /** the members after data, asked once every batch has been written (e.g. { total }) */
  trailer: () => Record<string, unknown>;
  /** the schema of one item and of the trailer's members: checked with CHECK_RESPONSES (the tests), as route() does */
  item?: ZodType;
  extra?: Record<string, ZodType>;
  /** completes the log line of a failure after the answer has started (`failed to <action>`) */
  action: string;
  headers?: Record<string, string>;
}

const encoder = new TextEncoder();

function check(schema: ZodType | undefined, value: unknown, what: string): void {
  if (!schema || !config().checkResponses) return;
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`${what} does not match its schema: ${r.error.message}`);
}

/** The items of a batch as they stand in a JSON array (JSON.stringify's text for each, `null` for undefined). */
function itemsText(items: unknown[], item: ZodType | undefined, action: string): string {
  let out = '';
  for (let i = 0; i < items.length; i++) {
    check(item, items[i], `an item of "${action}"`);
    out += (i ? ',' : '') + (JSON.stringify(items[i]) ?? 'null');
  }
  return out;
}

/** Answers `200 {"success":true,"data":[…],…trailer}` streamed from the batches (the first read before answering). */
export async function streamedEnvelope(e: StreamedEnvelope): Promise<Response> {
  const first = await e.batches.next();
  let written = first.done ? 0 : first.value.length;
  let head = '{"success":true,"data":[' + (first.done ? '' : itemsText(first.value, e.item, e.action));
  let finished = first.done === true;
  const end = () => {
    let tail = ']';
    for (const [k, v] of Object.entries(e.trailer())) {
      check(e.extra?.[k], v, `"${k}" of "${e.action}"`);
      const text = JSON.stringify(v);
      if (text !== undefined) tail += `,${JSON.stringify(k)}:${text}`;
    }
    return tail + '}';
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (finished) head += end();
        controller.enqueue(encoder.encode(head));
        head = '';
        if (finished) controller.close();
      },
      async pull(controller) {
        try {
          const next = await e.batches.next();
          if (next.done) {
            finished = true;
            controller.enqueue(encoder.encode(end()));
            controller.close();
            return;
          }
          if (!next.value.length) return;
          controller.enqueue(encoder.encode((written ? ',' : '') + itemsText(next.value, e.item, e.action)));
          written += next.value.length;
        } catch (err) {
          log.error({ err, written }, `failed to ${e.action} (the answer had started: it is cut off)`);
          controller.error(err);
        }
      },
      async cancel() {
        // the client went away: no more batches are read
        await e.batches.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json', ...e.headers } });
}
