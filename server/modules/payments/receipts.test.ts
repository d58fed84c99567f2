import { desc, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionReference } from '../../../contracts/receipts';
import { transaction } from '../../db/unit-of-work';
import { adminAuditLog, mailOutbox, payouts, questions, receipts } from '../../db/schema';
import { asSent } from '../../test/mail';
import {
  connectPayouts,
  askCoach,
  requestsTo,
  signedInUser,
  type TestUser,
} from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { createAdmin } from '../admin/service';
import { applyPaymentEvent } from './apply-event';
import { csvCell, toCsv } from './csv';
import { issueReceipt } from './data/receipts';
import { moneyOf } from './settlement';

/** A CSV file back into rows (RFC 4180: quoted cells, doubled quotes, CRLF), its BOM checked. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const body = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(cell).toBe('');
  return rows;
}
const logger = pino({ level: 'silent' });
const cents = (amount: string) => Math.round(Number(amount) * 100);

describe(`receipts, earnings and statements (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: TestUser;
  let player: TestUser;
  let otherPlayer: TestUser;
  let otherCoach: TestUser;
  let coachId: string;
  const call = requestsTo(() => t.app);
  const db = () => t.ctx.database.db;

  const payThroughCheckout = async (id: string, by = player) => {
    const { url } = (
      await call('POST', '/api/payments/checkout', by, { questionId: id, amount: 4000 })
    ).json();
    const sessionId = new URL(url).pathname.split('/').pop();
    return call('POST', `/api/payments/local/checkout/${sessionId}/pay`, by);
  };
  const receiptMails = (to: string) =>
    asSent(
      db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
        .orderBy(desc(mailOutbox.createdAt)),
    ).then((rows) => rows.filter((m) => m.subject.startsWith('Your receipt')));
  const receiptOf = async (questionId: string) =>
    (await db().select().from(receipts).where(eq(receipts.questionId, questionId)))[0];
  const download = (questionId: string, user?: TestUser) =>
    call('GET', `/api/payments/${questionId}/receipt`, user);

  beforeAll(async () => {
    t = await createTestApp({ OPERATOR_COMPANY: 'Touchline Holdings Ltd' });
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Casey Coach' });
    coachId = (
      await call('PUT', '/api/profiles/expert', coach, {
        name: 'Casey Coach',
        expertise: 'Defending',
        price: 40,
        acceptedAgreement: true,
      })
    ).json().id;
    otherCoach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Other Coach' });
    await call('PUT', '/api/profiles/expert', otherCoach, {
      name: 'Other Coach',
      expertise: 'Goalkeeping',
      price: 30,
      acceptedAgreement: true,
    });
    // Only a Coach who can receive payouts can be asked (ADR 061).
    await connectPayouts(t.app, coach);
    await connectPayouts(t.app, otherCoach);
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
    otherPlayer = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Olly Other' });
  });
  afterAll(() => t.close());

  it('e-mails the Player a receipt at payment, with every fact in the HTML and the text', async () => {
    const id = await askCoach(call, player, coachId);
    await payThroughCheckout(id);
    const receipt = await receiptOf(id);
    expect(receipt).toMatchObject({ amount: 4000, cardLast4: '4242' });
    const [mail, ...more] = await receiptMails(player.email);
    expect(more).toHaveLength(0);
    const number = String(receipt!.number).padStart(6, '0');
    expect(mail!.subject).toBe(`Your receipt ${number}`);
    for (const fact of [
      'Operator: Touchline Holdings Ltd',
      `Receipt number: ${number}`,
      'Coach: Casey Coach',
      `Question reference: ${questionReference(id)}`,
      'Amount paid: $40.00',
      'Payment method: Card ending 4242',
    ]) {
      expect(mail!.text).toContain(fact);
      expect(mail!.html).toContain(fact);
    }
    expect(mail!.text).not.toContain('Refunded');
  });

  it('serves the receipt PDF to the paying Player only, with the same figures', async () => {
    const id = await askCoach(call, player, coachId);
    await payThroughCheckout(id);
    const receipt = await receiptOf(id);
    const res = await download(id, player);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const number = String(receipt!.number).padStart(6, '0');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const fact of [
      'Operator Touchline Holdings Ltd',
      `Receipt number ${number}`,
      'Coach Casey Coach',
      `Question reference ${questionReference(id)}`,
      'Amount paid $40.00',
      'Payment method Card ending 4242',
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain('Refunded');
    // Nobody else: not another Player, not the Coach, not a visitor.
    expect((await download(id, otherPlayer)).statusCode).toBe(404);
    expect((await download(id, coach)).statusCode).toBe(404);
    expect((await download(id)).statusCode).toBe(401);
    // The Payment History names the receipt, so the page can offer it.
    const history = (await call('GET', '/api/payments/history', player)).json();
    expect(history.payments.find((p: { id: string }) => p.id === id).receiptNumber).toBe(
      receipt!.number,
    );
  });

  it('shows the refund on the receipt, e-mailed again and in the PDF', async () => {
    const id = await askCoach(call, player, coachId);
    await payThroughCheckout(id);
    const decline = await call('POST', `/api/questions/${id}/decline`, coach, {});
    expect(decline.statusCode).toBe(204);
    const number = String((await receiptOf(id))!.number).padStart(6, '0');
    const [refunded] = await receiptMails(player.email);
    expect(refunded!.subject).toBe(`Your receipt ${number}, refunded`);
    expect(refunded!.text).toMatch(/Refunded: \$40\.00 on \w+ \d+, \d{4}/);
    expect(refunded!.text).toContain('Total after refund: $0.00');
    const text = await pdfText((await download(id, player)).rawPayload);
    expect(text).toMatch(/Refunded \$40\.00 on \w+ \d+, \d{4}/);
    expect(text).toContain('Total after refund $0.00');
  });

  it('numbers receipts from one counter that a rolled-back payment leaves without a gap', async () => {
    const before = (await db().select().from(receipts)).map((r) => r.number);
    const a = await askCoach(call, player, coachId);
    const b = await askCoach(call, player, coachId);
    // A payment whose transaction fails after taking its number: the number is taken back.
    await expect(
      transaction(moneyOf(t.ctx, logger), async (tx) => {
        await issueReceipt(tx, { questionId: a, amount: 4000, cardLast4: null, now: new Date() });
        throw new Error('the payment fails after numbering its receipt');
      }),
    ).rejects.toThrow('the payment fails');
    await payThroughCheckout(a);
    await payThroughCheckout(b);
    const numbers = (await db().select().from(receipts)).map((r) => r.number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: before.length + 2 }, (_, i) => i + 1));
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'gives concurrent payments distinct numbers with no gap (PostgreSQL)',
    async () => {
      const ids = await Promise.all(
        Array.from({ length: 12 }, () => askCoach(call, player, coachId)),
      );
      const before = (await db().select().from(receipts)).length;
      const money = moneyOf(t.ctx, logger);
      // Every payment at once, each in its own transaction on its own pooled connection.
      await Promise.all(
        ids.map((id, i) =>
          applyPaymentEvent(money, 'local', {
            id: `evt_concurrent_${id}`,
            type: 'checkout.completed',
            questionId: id,
            paymentIntentId: `pi_concurrent_${i}_${id}`,
            cardLast4: null,
          }),
        ),
      );
      const rows = await db().select().from(receipts);
      const numbers = rows.map((r) => r.number).sort((x, y) => x - y);
      expect(numbers).toEqual(Array.from({ length: before + 12 }, (_, i) => i + 1));
      const mine = rows.filter((r) => ids.includes(r.questionId));
      expect(new Set(mine.map((r) => r.number)).size).toBe(12);
    },
  );

  it('neutralises formulas and quotes cells as RFC 4180 says', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ]);
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [['1', 'é']])).toBe('\uFEFFa,b\r\n1,é\r\n');
  });

  it("exports the Coach's payouts as CSV whose figures equal the database's", async () => {
    const id = await askCoach(call, player, coachId);
    await payThroughCheckout(id);
    const answered = await call('POST', `/api/questions/${id}/answer`, coach, {
      answer: 'Show him the outside and stay on your feet.',
    });
    expect(answered.statusCode).toBe(204);
    const res = await call('GET', '/api/payouts/export', coach);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payouts.csv"');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Date',
      'Question reference',
      'Gross',
      'Coach share',
      'State',
      'Provider transfer id',
      'Refunded to Player',
      'Kept',
    ]);
    const stored = await db()
      .select({ payout: payouts, amount: questions.amount })
      .from(payouts)
      .innerJoin(questions, eq(questions.id, payouts.questionId))
      .where(eq(payouts.coachId, coachId));
    expect(rows).toHaveLength(stored.length);
    for (const { payout, amount } of stored) {
      const row = rows.find((r) => r[1] === questionReference(payout.questionId));
      expect(row).toEqual([
        payout.createdAt.toISOString().slice(0, 10),
        questionReference(payout.questionId),
        (amount / 100).toFixed(2),
        (payout.amount / 100).toFixed(2),
        payout.status,
        payout.transferId ?? '',
        '0.00',
        (amount / 100).toFixed(2),
      ]);
    }
    const sum = (i: number) => rows.reduce((s, r) => s + cents(r[i]!), 0);
    expect(sum(3)).toBe(stored.reduce((s, p) => s + p.payout.amount, 0));
    // Only the Coach: a Player is refused, another Coach sees only their own (none).
    expect((await call('GET', '/api/payouts/export', player)).statusCode).toBe(403);
    const other = await call('GET', '/api/payouts/export', otherCoach);
    expect(other.statusCode).toBe(200);
    expect(parseCsv(other.body)).toHaveLength(1);
  });

  it('sums the last 12 months of earnings, paid and pending, with every month present', async () => {
    const res = await call('GET', '/api/payouts/earnings', coach);
    expect(res.statusCode).toBe(200);
    const { months } = res.json() as {
      months: { month: string; paid: number; pending: number }[];
    };
    expect(months).toHaveLength(12);
    const now = new Date();
    expect(months.at(-1)!.month).toBe(now.toISOString().slice(0, 7));
    const stored = await db().select().from(payouts).where(eq(payouts.coachId, coachId));
    const pending = stored.filter((p) => ['pending', 'held', 'transferring'].includes(p.status));
    expect(months.at(-1)!.pending).toBe(pending.reduce((s, p) => s + p.amount, 0));
    expect(months.at(-1)!.pending).toBeGreaterThan(0);
    expect((await call('GET', '/api/payouts/earnings', player)).statusCode).toBe(403);
  });

  it('gives administrators every payment and payout of a date range as CSV, audited', async () => {
    const admin = await createAdmin(db(), 'statement-admin', 'a-long-password-here');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: 'a-long-password-here' },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/statement?from=${today}&to=${today}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-${today}-to-${today}.csv"`,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header?.[0]).toBe('Type');
    const paid = await db()
      .select()
      .from(questions)
      .where(inArray(questions.paymentStatus, ['paid', 'refunded']));
    const paymentRows = rows.filter((r) => r[0] === 'payment');
    expect(paymentRows).toHaveLength(paid.length);
    expect(paymentRows.reduce((s, r) => s + cents(r[5]!), 0)).toBe(
      paid.reduce((s, q) => s + q.amount, 0),
    );
    const allPayouts = await db().select().from(payouts);
    expect(rows.filter((r) => r[0] === 'payout')).toHaveLength(allPayouts.length);
    // A range with nothing in it has the header alone; a reversed range is refused.
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/admin/statement?from=2001-01-01&to=2001-01-31',
      headers,
    });
    expect(parseCsv(empty.body)).toHaveLength(1);
    const reversed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/statement?from=${today}&to=2001-01-01`,
      headers,
    });
    expect(reversed.statusCode).toBe(400);
    const audited = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'statement-export'));
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ username: 'statement-admin', success: true });
    expect(
      (await call('GET', `/api/admin/statement?from=${today}&to=${today}`, player)).statusCode,
    ).toBe(401);
  });
});
