import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TOPIC_VALUES } from '../../contracts/contact';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/harness';
import { startTracing, tracingEnabled, type Tracing } from './tracing';

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe(`traces (${testDatabaseKind})`, () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | null;
  let t: TestApp;

  beforeAll(async () => {
    // Before the database opens and the app is built, as main.ts does.
    tracing = await startTracing({ serviceName: 'playbook-test', exporter });
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await tracing?.shutdown();
  });

  it('is off, and loads nothing, without an endpoint', async () => {
    expect(await startTracing({ serviceName: 'playbook' })).toBeNull();
  });

  it('makes a request an HTTP server span with the database spans as its children', async () => {
    exporter.reset();
    const res = await t.app.inject({ method: 'GET', url: '/api/coaches?q=nobody' });
    expect(res.statusCode).toBe(200);
    const spans = exporter.getFinishedSpans();
    const server = spans.find((s) => s.kind === SpanKind.SERVER);
    expect(server?.name).toBe('GET /api/coaches');
    expect(server?.attributes['http.route']).toBe('/api/coaches');
    expect(server?.attributes['http.response.status_code']).toBe(200);
    const queries = spans.filter((s) => s.attributes['db.system'] === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.kind).toBe(SpanKind.CLIENT);
      expect(parentOf(query)).toBe(server!.spanContext().spanId);
      expect(query.spanContext().traceId).toBe(server!.spanContext().traceId);
      expect(String(query.attributes['db.query.text'])).toMatch(/^\s*(select|with)/i);
    }
  });

  it('keeps the request as the parent of a write with a body, inside its transaction', async () => {
    exporter.reset();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Trace',
        email: 'trace@example.test',
        phone: '',
        topic: CONTACT_TOPIC_VALUES[0],
        subject: 'A question about traces here',
        message: 'Hello from a test',
        agreeToTerms: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const spans = exporter.getFinishedSpans();
    const server = spans.find((s) => s.kind === SpanKind.SERVER);
    expect(server?.name).toBe('POST /api/contact');
    const inserts = spans.filter((s) => s.name === 'db INSERT');
    expect(inserts.length).toBeGreaterThan(0);
    for (const insert of inserts) expect(parentOf(insert)).toBe(server!.spanContext().spanId);
  });

  it('makes provider calls client spans', async () => {
    exporter.reset();
    expect(tracingEnabled()).toBe(true);
    await t.ctx.mail.deliver({ to: 'someone@example.test', subject: 'Hi', text: 'Hello' });
    const [span] = exporter.getFinishedSpans().filter((s) => s.name === 'mail.deliver');
    expect(span?.kind).toBe(SpanKind.CLIENT);
    expect(t.ctx.mail.name).toBe('outbox');
  });
});
