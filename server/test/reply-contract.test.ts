/**
 * The reply check the API tests run under (support/reply-contract.ts) fails a request whose reply the OpenAPI
 * document does not describe: an unlisted status, another media type, a JSON body its schema refuses, a route
 * missing from the document. A small app with the real document options stands in for the API.
 */
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../src/http/errors.ts';
import { openApiOptions } from '../src/http/openapi.ts';
import { checkReplies } from './support/reply-contract.ts';

describe('the reply check', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  let unreported: () => string[];
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(fastifySwagger, openApiOptions({ appUrl: 'http://localhost:3000' }));
    const query = z.object({ answer: z.enum(['conflict', 'text', 'wrong']).optional() });
    app.get(
      '/api/probe',
      {
        config: { auth: 'public' },
        schema: { summary: 'Probe', querystring: query, response: { 200: z.object({ n: z.number() }) } },
      },
      async (request, typedReply) => {
        // Replies the route's types would not allow: what a drifting route might send.
        const reply = typedReply as unknown as FastifyReply;
        const answer = request.query.answer;
        if (answer === 'conflict') return reply.code(409).type('application/json').send('{}');
        if (answer === 'text') return reply.type('text/plain').send('seven');
        if (answer === 'wrong') return reply.type('application/json').send('{"n":"seven"}');
        return { n: 7 };
      },
    );
    app.get('/api/hidden', { schema: { hide: true } }, async () => ({ n: 1 }));
    unreported = checkReplies(app);
    await app.ready();
  });
  afterAll(() => app.close());

  it('passes a reply as documented, and the error statuses the document lists', async () => {
    expect((await app.inject({ url: '/api/probe' })).json()).toEqual({ n: 7 });
    expect((await app.inject({ url: '/api/probe?answer=maybe' })).statusCode).toBe(400);
  });

  it.each([
    ['conflict', 'answered 409, a status its document does not list'],
    ['text', 'with text/plain, documented as application/json'],
    ['wrong', 'with a body its schema refuses: /n must be number'],
  ])('fails a reply that breaks the document (%s)', async (answer, problem) => {
    await expect(app.inject({ url: `/api/probe?answer=${answer}` })).rejects.toThrow(problem);
    expect(unreported()).toEqual([]);
  });

  it('fails a reply of an API route missing from the document', async () => {
    await expect(app.inject({ url: '/api/hidden' })).rejects.toThrow(
      'GET /api/hidden is not in the document',
    );
  });
});
