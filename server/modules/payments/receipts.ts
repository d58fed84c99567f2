import { receiptLines, receiptNumberLabel, type ReceiptFigures } from '../../../contracts/receipts';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { queueMail } from '../mail';
import { receiptOfQuestion, type ReceiptFacts } from './data/receipts';
import { refuseInsideTransaction } from '../../db/open-transaction';

/**
 * Receipts (ADR 056): the e-mail sent when a payment is recorded (again with the refund lines when
 * it is refunded) and the PDF the Payment History offers. Both print `receiptLines`, so they say
 * the same things.
 */

const figuresOf = (config: Pick<Config, 'OPERATOR_COMPANY'>, r: ReceiptFacts): ReceiptFigures => ({
  operator: config.OPERATOR_COMPANY,
  number: r.number,
  issuedAt: r.issuedAt,
  coachName: r.coachName,
  questionId: r.questionId,
  amount: r.amount,
  cardLast4: r.cardLast4,
  refundedAt: r.refundedAt,
  partialRefund:
    r.partialRefundAmount !== null && r.partialRefundedAt !== null
      ? { amount: r.partialRefundAmount, at: r.partialRefundedAt }
      : null,
});

/**
 * Queues the receipt of a question's payment to its Player in the caller's transaction: at payment,
 * and again once the payment is refunded, then with the refund lines. Nothing when no receipt was
 * issued.
 */
export async function queueReceiptMail(tx: Executor, config: Config, questionId: string) {
  const receipt = await receiptOfQuestion(tx, questionId);
  if (!receipt) return;
  const lines = receiptLines(figuresOf(config, receipt));
  const refunded = receipt.refundedAt !== null;
  const partly = !refunded && receipt.partialRefundedAt !== null;
  await queueMail(tx, config, {
    kind: 'payment-receipt',
    to: receipt.playerEmail,
    greeting: `Hi ${receipt.playerName},`,
    subject: refunded
      ? `Your receipt ${receiptNumberLabel(receipt.number)}, refunded`
      : partly
        ? `Your receipt ${receiptNumberLabel(receipt.number)}, partly refunded`
        : `Your receipt ${receiptNumberLabel(receipt.number)}`,
    paragraphs: [
      refunded
        ? 'Your payment was refunded. Here is your receipt with the refund.'
        : partly
          ? 'Part of your payment was refunded. Here is your receipt with the refund.'
          : 'Thank you for your payment. Here is your receipt.',
      ...lines.map((line) => `${line.label}: ${line.value}`),
    ],
    action: {
      label: 'Download the PDF from Payment History',
      url: `${config.PUBLIC_URL}/payments`,
    },
  });
}

/** The receipt as a PDF (pdfkit, its standard Helvetica: no font file is fetched or bundled). */
export async function receiptPdf(
  config: Pick<Config, 'OPERATOR_COMPANY'>,
  receipt: ReceiptFacts,
): Promise<Buffer> {
  refuseInsideTransaction('Writing a receipt PDF');
  // Loaded with the first receipt, not at start-up: pdfkit costs every process a fifth of a second.
  const { default: PDFDocument } = await import('pdfkit');
  const lines = receiptLines(figuresOf(config, receipt));
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Receipt ${receiptNumberLabel(receipt.number)}`,
      Author: config.OPERATOR_COMPANY,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(22).fillColor('#0b1f3a').text('Receipt');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(11).fillColor('#5b6b7f').text(`Billed to ${receipt.playerName}`);
  doc.moveDown(1.2);
  for (const line of lines) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#0b1f3a').text(line.label, 56, y, {
      width: 170,
    });
    doc.font('Helvetica').text(line.value, 236, y, { width: 300 });
    doc.moveDown(0.6);
  }
  doc.moveDown(1.5);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#5b6b7f')
    .text(
      `${config.OPERATOR_COMPANY} operates Playbook. This receipt covers one question answered by the Coach named above.`,
      56,
      doc.y,
      { width: 480 },
    );
  doc.end();
  return done;
}
