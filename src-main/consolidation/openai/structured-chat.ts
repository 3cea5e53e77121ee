/**
 * One chat completion with a strict JSON-schema response format, read defensively: the answer
 * must be a chat.completion whose first choice is neither a refusal nor cut short, whose content
 * is JSON, and whose JSON passes the zod schema. Anything else is that item's ProviderItemError.
 */
import type { OpenAI } from 'openai';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { z } from 'zod';
import { ProviderItemError } from '../provider';
import { callFailure, type CallContext } from './call-failure';
import { withCallSignal } from './call-signal';

/** Only what this module reads of a chat.completion (a compatible server may send less). */
const Choice = z.object({
  finish_reason: z.string().nullish(),
  message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
});
const CompletionEnvelope = z.object({ choices: z.tuple([Choice], Choice) });

const SNIPPET_CHARS = 200;

export interface StructuredRequest<T> {
  readonly call: CallContext;
  readonly format: ResponseFormatJSONSchema;
  readonly schema: z.ZodType<T>;
  readonly prompt: string;
}

export async function askStructured<T>(client: OpenAI, request: StructuredRequest<T>, signal: AbortSignal): Promise<T> {
  let completion: unknown;
  try {
    completion = await withCallSignal(signal, (callSignal) =>
      client.chat.completions.create(
        {
          model: request.call.model,
          messages: [{ role: 'user', content: request.prompt }],
          response_format: request.format,
        },
        { signal: callSignal },
      ),
    );
  } catch (error) {
    throw callFailure(error, request.call, signal);
  }
  return readStructuredAnswer(completion, request);
}

function readStructuredAnswer<T>(completion: unknown, { call, schema }: StructuredRequest<T>): T {
  const at = `${call.what} with ${call.model} at ${call.baseUrl}`;
  const envelope = CompletionEnvelope.safeParse(completion);
  if (!envelope.success) {
    throw new ProviderItemError(`${at}: the response is not a chat completion (${snippet(completion)})`, 'malformed');
  }
  const [choice] = envelope.data.choices;
  if (choice.message.refusal) throw new ProviderItemError(`${at}: the model refused: ${choice.message.refusal}`, 'refused');
  if (choice.finish_reason === 'content_filter') {
    throw new ProviderItemError(`${at}: the answer was withheld by the content filter`, 'refused');
  }
  const content = choice.message.content;
  if (!content) throw new ProviderItemError(`${at}: the answer is empty (finish reason ${String(choice.finish_reason)})`, 'malformed');
  return parseJsonAnswer(content, schema, at);
}

/**
 * A model's text answer as the schema's value: JSON (a model asked without a response format may
 * fence it in a ```json block), checked by the schema; anything else is the item's ProviderItemError.
 * `at` says which call, for the message. Shared by every provider that reads a model's words.
 */
export function parseJsonAnswer<T>(content: string, schema: z.ZodType<T>, at: string): T {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  let json: unknown;
  try {
    json = JSON.parse(fenced ? (fenced[1] as string) : content);
  } catch {
    throw new ProviderItemError(`${at}: the answer is not JSON: ${snippet(content)}`, 'malformed');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || 'the answer'}: ${issue.message}`).join('; ');
    throw new ProviderItemError(`${at}: the answer does not fit the schema (${issues}): ${snippet(content)}`, 'malformed');
  }
  return parsed.data;
}

function snippet(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text;
}
